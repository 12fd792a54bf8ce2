#pragma once

#include "AttentionKernel.h"
#include "BlockReducer.h"
#include "Matrix.h"

#include <functional>
#include <memory>

namespace ae {

struct Trace;

// A head's T x S tensors, which the trace does not store: derived from its queries and keys
// (and keep mask) with the forward's own arithmetic (attendRowBlock()), so they are the very
// numbers the forward used (TorchOrder: bit-exact to PyTorch's).
enum class HeadTensor
{
    Scores,         // attn_scores (T x S): raw q·k, hidden keys' scores included
    Weights,        // attn_weights (T x S): after mask and softmax, before dropout
    WeightsDropped, // attn_weights_dropped (T x S): only when dropout acts (else empty)
};

// The whole matrix of one head. While anyone holds it, asking again returns the same matrix
// (the trace's DerivedTensorCache keeps weak pointers only); then it is freed.
std::shared_ptr<const Matrix> headTensor(const Trace& trace, int head, HeadTensor kind);

// One row (query `row`), as headTensor() would give it; costs one block of rows.
RowVector headTensorRow(const Trace& trace, int head, HeadTensor kind, Eigen::Index row);

// The matrix reduced to blocks of rowBlock x columnBlock cells, each block the value of
// largest magnitude (the larger on a tie; a non-finite value wins), as the heatmap's raster
// does: ceil(T / rowBlock) x ceil(S / columnBlock). Computed block of rows by block of rows,
// never holding the whole T x S matrix.
Matrix headTensorDownsampled(const Trace& trace, int head, HeadTensor kind, int rowBlock,
                             int columnBlock);
// The same for rows [firstRow, lastRow) only (firstRow a multiple of rowBlock), deriving only
// the blocks of rows that hold them, with the per-row scale's fractions when asked
// (BlockReducer).
BlockReducer::Result headTensorReduced(const Trace& trace, int head, HeadTensor kind,
                                       Eigen::Index firstRow, Eigen::Index lastRow, int rowBlock,
                                       int columnBlock, bool fractions);

// The options the forward ran `head` with, and the queries, keys, values its scores and
// context used (simplified attention: the inputs themselves; grouped heads: those of its
// key/value head, Trace::kvHeadOf; with RoPE the rotated queries and keys).
HeadOptions headOptions(const Trace& trace, int head);
const Matrix& headQueries(const Trace& trace, int head);
const Matrix& headKeys(const Trace& trace, int head);
const Matrix& headValues(const Trace& trace, int head);
// The keys as projected, before RoPE (headKeys() without RoPE); the queries are
// HeadTrace::queries.
const Matrix& headProjectedKeys(const Trace& trace, int head);

// Calls `visit(first, block)` for each block of rows of the head, in order, `block` holding
// those rows' tensors (rows first .. first + block.scores.rows() - 1; every score when
// `allScores`, else the hidden keys' scores may be left uncomputed).
void forEachRowBlock(
    const Trace& trace, int head, bool allScores,
    const std::function<void(Eigen::Index first, const RowBlockTensors& block)>& visit);
// The same for the rows [firstRow, lastRow): on the fast path the rows from firstRow to the
// next multiple of CausalBlockRows as one block, then the forward's blocks (so the last may
// end after lastRow). A block started inside one of the forward's is computed as the forward
// reusing a prefix computes it (attendHead from a row): the rows typed at the end of a text
// are derived alone, not with the 63 rows before them; their bits may differ in the last
// place from the whole block's.
void forEachRowBlock(
    const Trace& trace, int head, bool allScores, Eigen::Index firstRow, Eigen::Index lastRow,
    const std::function<void(Eigen::Index first, const RowBlockTensors& block)>& visit);

// For tests: the most cells of one whole matrix headTensor() derived on the thread that
// called watchThisThread() (the GUI thread) since then, so a test can check that views of
// large traces never derive a whole head there.
struct WholeTensorProbe
{
    static void watchThisThread();
    static Eigen::Index largestOnWatchedThread();
};

} // namespace ae
