#include "HeadViews.h"

#include "HeadTensors.h"
#include "Trace.h"
#include "TraceDerived.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace ae {

namespace {

std::optional<HeadTensor> tensorOf(HeadView view)
{
    switch (view) {
    case HeadView::Scores:
        return HeadTensor::Scores;
    case HeadView::Weights:
        return HeadTensor::Weights;
    case HeadView::WeightsDropped:
        return HeadTensor::WeightsDropped;
    case HeadView::ScaledScores:
    case HeadView::MaskedScores:
    case HeadView::OtherMethodWeights:
        break;
    }
    return std::nullopt;
}

// Row `row` of a view computed from its scores (S values) into `out`.
void fromScores(const Trace& trace, const HeadOptions& options, HeadView view, const float* scores,
                Eigen::Index S, Eigen::Index row, float* out)
{
    switch (view) {
    case HeadView::ScaledScores: {
        const float divisor = trace.scoreDivisor;
        for (Eigen::Index j = 0; j < S; ++j)
            out[j] = divisor == 1.0f ? scores[j] : scores[j] / divisor;
        return;
    }
    case HeadView::MaskedScores:
        for (Eigen::Index j = 0; j < S; ++j)
            out[j] = j > row ? -std::numeric_limits<float>::infinity() : scores[j];
        return;
    default:
        otherMethodRow(options, scores, S, row, out);
        return;
    }
}

} // namespace

BlockReducer::Result headViewReduced(const Trace& trace, int head, HeadView view,
                                     Eigen::Index firstRow, Eigen::Index lastRow, int rowBlock,
                                     int columnBlock, bool fractions)
{
    if (const auto kind = tensorOf(view))
        return headTensorReduced(trace, head, *kind, firstRow, lastRow, rowBlock, columnBlock,
                                 fractions);
    firstRow = std::clamp<Eigen::Index>(firstRow, 0, trace.queryCount());
    lastRow = std::clamp<Eigen::Index>(lastRow, firstRow, trace.queryCount());
    const Eigen::Index S = trace.keyCount();
    BlockReducer reducer(firstRow, lastRow, S, rowBlock, columnBlock, fractions);
    const HeadOptions options = headOptions(trace, head);
    RowVector row(S);
    forEachRowBlock(trace, head, true, firstRow, lastRow,
                    [&](Eigen::Index first, const RowBlockTensors& block) {
                        for (Eigen::Index i = 0; i < block.scores.rows(); ++i) {
                            fromScores(trace, options, view, block.scores.row(i).data(), S,
                                       first + i, row.data());
                            reducer.addRow(first + i, row.data());
                        }
                    });
    return reducer.finish();
}

RowVector headViewRow(const Trace& trace, int head, HeadView view, Eigen::Index row)
{
    if (const auto kind = tensorOf(view))
        return headTensorRow(trace, head, *kind, row);
    const RowVector scores = headTensorRow(trace, head, HeadTensor::Scores, row);
    RowVector out(scores.size());
    fromScores(trace, headOptions(trace, head), view, scores.data(), scores.size(), row,
               out.data());
    return out;
}

Matrix headViewMatrix(const Trace& trace, int head, HeadView view)
{
    switch (view) {
    case HeadView::Scores:
        return *headTensor(trace, head, HeadTensor::Scores);
    case HeadView::Weights:
        return *headTensor(trace, head, HeadTensor::Weights);
    case HeadView::WeightsDropped:
        return *headTensor(trace, head, HeadTensor::WeightsDropped);
    case HeadView::ScaledScores:
        return scaledScores(trace, head);
    case HeadView::MaskedScores:
        return maskedScores(trace, head);
    case HeadView::OtherMethodWeights:
        return otherMethodWeights(trace, head);
    }
    return {};
}

} // namespace ae
