#include "TraceDerived.h"

#include "HeadTensors.h"
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
    const int kv = trace.kvHeadOf(head); // the key/value head it reads
    p.wQuery = trace.params().wQuery.middleCols(head * dk, dk);
    p.wKey = trace.params().wKey.middleCols(kv * dk, dk);
    p.wValue = trace.params().wValue.middleCols(kv * dv, dv);
    if (trace.params().bQuery.size() > 0) {
        p.bQuery = trace.params().bQuery.segment(head * dk, dk);
        p.bKey = trace.params().bKey.segment(kv * dk, dk);
        p.bValue = trace.params().bValue.segment(kv * dv, dv);
    }
    return p;
}

namespace {

// The heads' contexts, side by side, of `rows` (a block of every head's contextVec).
template <typename Rows> Matrix concatenatedRows(const Trace& trace, Rows rowsOf)
{
    Eigen::Index width = 0;
    for (const HeadTrace& head : trace.heads)
        width += head.contextVec.cols();
    Matrix out(trace.heads.empty() ? 0 : rowsOf(trace.heads.front().contextVec).rows(), width);
    Eigen::Index col = 0;
    for (const HeadTrace& head : trace.heads) {
        out.middleCols(col, head.contextVec.cols()) = rowsOf(head.contextVec);
        col += head.contextVec.cols();
    }
    return out;
}

bool concatenatedStored(const Trace& trace)
{
    return trace.contextVecHeads.size() > 0 || trace.session.variant != Variant::MultiHead;
}

} // namespace

Matrix headsConcatenated(const Trace& trace)
{
    if (concatenatedStored(trace))
        return trace.contextVecHeads;
    return concatenatedRows(trace, [](const Matrix& m) { return m.topRows(m.rows()); });
}

std::shared_ptr<const Matrix> headsConcatenatedShared(const std::shared_ptr<const Trace>& trace)
{
    if (concatenatedStored(*trace))
        return {trace, &trace->contextVecHeads};
    return std::make_shared<const Matrix>(headsConcatenated(*trace));
}

RowVector headsConcatenatedRow(const Trace& trace, Eigen::Index row)
{
    if (concatenatedStored(trace))
        return trace.contextVecHeads.size() > 0 ? RowVector(trace.contextVecHeads.row(row))
                                                : RowVector();
    return concatenatedRows(trace, [row](const Matrix& m) { return m.middleRows(row, 1); });
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

Matrix attentionMask(const Trace& trace)
{
    const HeadOptions options = headOptions(trace, 0);
    const Eigen::Index T = trace.queryCount(), S = trace.keyCount();
    Matrix mask = Matrix::Ones(T, S);
    for (Eigen::Index i = 0; i < T; ++i) {
        const KeyRange visible = visibleKeys(options, i, S);
        mask.row(i).segment(visible.first, visible.last - visible.first).setZero();
    }
    return mask;
}

Matrix maskedScores(const Trace& trace, int head)
{
    Matrix masked = *headTensor(trace, head, HeadTensor::Scores);
    const HeadOptions options = headOptions(trace, head);
    for (Eigen::Index i = 0; i < masked.rows(); ++i) {
        const KeyRange visible = visibleKeys(options, i, masked.cols());
        for (Eigen::Index j = 0; j < masked.cols(); ++j)
            if (j < visible.first || j >= visible.last)
                masked(i, j) = -std::numeric_limits<float>::infinity();
    }
    return masked;
}

float maskMethodsMaxDiff(const Trace& trace, int head)
{
    if (const auto& compared = trace.heads[std::size_t(head)].maskMethodsMaxDiff)
        return *compared;
    const HeadOptions options = headOptions(trace, head);
    float worst = 0;
    forEachRowBlock(trace, head, true, [&](Eigen::Index first, const RowBlockTensors& block) {
        worst = std::max(worst, maskMethodsBlockDiff(options, block, first));
    });
    return worst;
}

Matrix otherMethodWeights(const Trace& trace, int head)
{
    const HeadOptions options = headOptions(trace, head);
    Matrix weights(trace.queryCount(), trace.keyCount());
    forEachRowBlock(trace, head, true, [&](Eigen::Index first, const RowBlockTensors& block) {
        for (Eigen::Index i = 0; i < block.scores.rows(); ++i)
            otherMethodRow(options, block.scores.row(i).data(), block.scores.cols(), first + i,
                           weights.row(first + i).data());
    });
    return weights;
}

RowVector otherMethodWeightsRow(const Trace& trace, int head, Eigen::Index row)
{
    const RowVector scores = headTensorRow(trace, head, HeadTensor::Scores, row);
    RowVector weights(scores.size());
    otherMethodRow(headOptions(trace, head), scores.data(), scores.size(), row, weights.data());
    return weights;
}

} // namespace ae
