#pragma once

#include "BlockReducer.h"
#include "Matrix.h"

namespace ae {

struct Trace;

// What a heatmap of one head's T x S cells shows: a derived tensor (HeadTensors.h) or one of
// its cheap row-wise functions (TraceDerived.h), for views of long texts that never hold the
// whole matrix: reduced to view size, or one row for a tooltip.
enum class HeadView
{
    Scores,             // attn_scores
    ScaledScores,       // attn_scores / divisor
    MaskedScores,       // attn_scores with -inf above the diagonal
    Weights,            // attn_weights
    OtherMethodWeights, // the causal masking method not chosen
    WeightsDropped,     // attn_weights_dropped (empty without dropout)
};

// Rows [firstRow, lastRow) of the view reduced to blocks (BlockReducer: max |value| per block,
// per-row fractions when asked), derived block of rows by block of rows: equal to reducing
// headViewMatrix().
BlockReducer::Result headViewReduced(const Trace& trace, int head, HeadView view,
                                     Eigen::Index firstRow, Eigen::Index lastRow, int rowBlock,
                                     int columnBlock, bool fractions);
// One row of the view (query `row`).
RowVector headViewRow(const Trace& trace, int head, HeadView view, Eigen::Index row);
// The whole T x S matrix (exports).
Matrix headViewMatrix(const Trace& trace, int head, HeadView view);

} // namespace ae
