#include "TraceDerived.h"

#include "Softmax.h"
#include "Trace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace ae {

HeadProjection headProjection(const Trace& trace, int head)
{
    HeadProjection p;
    if (!trace.session.hasWeights())
        return p;
    const int dk = trace.headDimKq;
    const int dv = trace.headDimV;
    p.wQuery = trace.params().wQuery.middleCols(head * dk, dk);
    p.wKey = trace.params().wKey.middleCols(head * dk, dk);
    p.wValue = trace.params().wValue.middleCols(head * dv, dv);
    if (trace.params().bQuery.size() > 0) {
        p.bQuery = trace.params().bQuery.segment(head * dk, dk);
        p.bKey = trace.params().bKey.segment(head * dk, dk);
        p.bValue = trace.params().bValue.segment(head * dv, dv);
    }
    return p;
}

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

namespace {

void otherMethodRow(const Trace& trace, const HeadTrace& head, Eigen::Index i, float* out)
{
    const Eigen::Index S = head.attnScores.cols();
    const Eigen::Index visible = std::min(i + 1, S);
    if (trace.session.maskMethod == MaskMethod::NegInf)
        renormalizedSoftmaxRow(head.attnScores.row(i).data(), out, S, visible, trace.scoreDivisor,
                               trace.arithmetic);
    else
        softmaxRow(head.attnScores.row(i).data(), out, S, visible, trace.scoreDivisor,
                   trace.arithmetic);
}

} // namespace

float maskMethodsMaxDiff(const Trace& trace, const HeadTrace& head)
{
    const Eigen::Index S = head.attnScores.cols();
    std::vector<float> other(static_cast<std::size_t>(S));
    float worst = 0;
    for (Eigen::Index i = 0; i < head.attnScores.rows(); ++i) {
        otherMethodRow(trace, head, i, other.data());
        const Eigen::Index visible = std::min(i + 1, S);
        const Eigen::Map<const Eigen::ArrayXf> mine(head.attnWeights.row(i).data(), visible);
        const Eigen::Map<const Eigen::ArrayXf> theirs(other.data(), visible);
        worst = std::max(worst, (mine - theirs).abs().maxCoeff());
    }
    return worst;
}

Matrix otherMethodWeights(const Trace& trace, const HeadTrace& head)
{
    Matrix weights(head.attnScores.rows(), head.attnScores.cols());
    for (Eigen::Index i = 0; i < weights.rows(); ++i)
        otherMethodRow(trace, head, i, weights.row(i).data());
    return weights;
}

} // namespace ae
