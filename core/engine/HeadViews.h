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

// A head's T x S views of a text with more tokens than this (queries or keys) are never held
// whole: views derive them block by block, reduced to blocks that leave at most this many per
// side (finer than any view that is not zoomed in; a view's blocks are whole multiples of
// them), and the forward keeps the weights so reduced (HeadTrace::reducedWeights).
constexpr Eigen::Index ReducedViewExtent = 512;
// The block that reduces `count` rows (or columns) to at most ReducedViewExtent: a power of
// two, so that it divides the forward's blocks of rows (CausalBlockRows) up to 32768 tokens.
int reducedViewBlock(Eigen::Index count);
// Whether views of the trace derive its T x S matrices rather than hold them.
bool derivesHeadViews(const Trace& trace);

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
