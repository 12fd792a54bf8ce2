#include "TraceDerived.h"

#include "Softmax.h"
#include "Trace.h"

#include <algorithm>
#include <limits>

namespace ae {

Matrix scaledScores(const Trace& trace, const HeadTrace& head)
{
    const float divisor = trace.scoreDivisor;
    return divisor == 1.0f ? head.attnScores : Matrix(head.attnScores.array() / divisor);
}

Matrix causalMask(Eigen::Index queryCount, Eigen::Index keyCount)
{
    Matrix mask = Matrix::Zero(queryCount, keyCount);
    for (Eigen::Index i = 0; i < queryCount; ++i)
        for (Eigen::Index j = i + 1; j < keyCount; ++j)
            mask(i, j) = 1.0f;
    return mask;
}

Matrix maskedScores(const HeadTrace& head)
{
    Matrix masked = head.attnScores;
    for (Eigen::Index i = 0; i < masked.rows(); ++i)
        for (Eigen::Index j = i + 1; j < masked.cols(); ++j)
            masked(i, j) = -std::numeric_limits<float>::infinity();
    return masked;
}

Matrix otherMethodWeights(const Trace& trace, const HeadTrace& head)
{
    const Eigen::Index S = head.attnScores.cols();
    const float divisor = trace.scoreDivisor;
    Matrix weights(head.attnScores.rows(), S);
    for (Eigen::Index i = 0; i < weights.rows(); ++i) {
        const Eigen::Index visible = std::min(i + 1, S);
        if (trace.session.maskMethod == MaskMethod::NegInf)
            renormalizedSoftmaxRow(head.attnScores.row(i).data(), weights.row(i).data(), S, visible, divisor,
                                   trace.arithmetic);
        else
            softmaxRow(head.attnScores.row(i).data(), weights.row(i).data(), S, visible, divisor, trace.arithmetic);
    }
    return weights;
}

} // namespace ae
