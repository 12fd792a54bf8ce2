#include "TraceDerived.h"

#include "HeadTensors.h"
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

Matrix scaledScores(const Trace& trace, int head)
{
    const auto scores = headTensor(trace, head, HeadTensor::Scores);
    const float divisor = trace.scoreDivisor;
    return divisor == 1.0f ? *scores : Matrix(scores->array() / divisor);
}

Matrix causalMask(Eigen::Index queryCount, Eigen::Index keyCount)
{
    Matrix mask = Matrix::Zero(queryCount, keyCount);
    for (Eigen::Index i = 0; i < queryCount; ++i)
        for (Eigen::Index j = i + 1; j < keyCount; ++j)
            mask(i, j) = 1.0f;
    return mask;
}

Matrix maskedScores(const Trace& trace, int head)
{
    Matrix masked = *headTensor(trace, head, HeadTensor::Scores);
    for (Eigen::Index i = 0; i < masked.rows(); ++i)
        for (Eigen::Index j = i + 1; j < masked.cols(); ++j)
            masked(i, j) = -std::numeric_limits<float>::infinity();
    return masked;
}

namespace {

// Query `row`'s weights by the causal method the session did not choose, from its S scores.
void otherMethodRow(const Trace& trace, const float* scores, Eigen::Index S, Eigen::Index row,
                    float* out)
{
    const Eigen::Index visible = std::min(row + 1, S);
    if (trace.session.maskMethod == MaskMethod::NegInf)
        renormalizedSoftmaxRow(scores, out, S, visible, trace.scoreDivisor, trace.arithmetic);
    else
        softmaxRow(scores, out, S, visible, trace.scoreDivisor, trace.arithmetic);
}

} // namespace

float maskMethodsMaxDiff(const Trace& trace, int head)
{
    const Eigen::Index S = trace.keyCount();
    std::vector<float> other(static_cast<std::size_t>(S));
    float worst = 0;
    // Only the visible cells are compared (both methods give 0 elsewhere), but the renormalized
    // method's softmax reads every score of the row.
    forEachRowBlock(trace, head, true, [&](Eigen::Index first, const RowBlockTensors& block) {
        for (Eigen::Index i = 0; i < block.weights.rows(); ++i) {
            otherMethodRow(trace, block.scores.row(i).data(), S, first + i, other.data());
            const Eigen::Index visible = std::min(first + i + 1, S);
            const Eigen::Map<const Eigen::ArrayXf> mine(block.weights.row(i).data(), visible);
            const Eigen::Map<const Eigen::ArrayXf> theirs(other.data(), visible);
            worst = std::max(worst, (mine - theirs).abs().maxCoeff());
        }
    });
    return worst;
}

Matrix otherMethodWeights(const Trace& trace, int head)
{
    Matrix weights(trace.queryCount(), trace.keyCount());
    forEachRowBlock(trace, head, true, [&](Eigen::Index first, const RowBlockTensors& block) {
        for (Eigen::Index i = 0; i < block.scores.rows(); ++i)
            otherMethodRow(trace, block.scores.row(i).data(), block.scores.cols(), first + i,
                           weights.row(first + i).data());
    });
    return weights;
}

RowVector otherMethodWeightsRow(const Trace& trace, int head, Eigen::Index row)
{
    const RowVector scores = headTensorRow(trace, head, HeadTensor::Scores, row);
    RowVector weights(scores.size());
    otherMethodRow(trace, scores.data(), scores.size(), row, weights.data());
    return weights;
}

} // namespace ae
