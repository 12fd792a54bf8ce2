#pragma once

#include <vector>

#include "Arithmetic.h"
#include "BlockReducer.h"
#include "Matrix.h"
#include "Session.h"

namespace ae {

struct HeadTrace;

// What attendHead() hands each block of rows' raw scores to on the fast path, besides its own
// softmax (the flash kernel: FlashAttention.h). Blocks may arrive in parallel, in any order.
class ScoresSink
{
public:
    virtual ~ScoresSink() = default;
    // scores: rows [first, first + rows) x every key, raw q·k, computed for the keys some row
    // of the block sees (attendRowBlock()).
    virtual void scoreBlock(Eigen::Index first, Eigen::Index rows, const Matrix& scores) = 0;
};

struct HeadOptions
{
    float scoreDivisor = 1; // sqrt(dk), or 1 for simplified attention
    bool causal = false;
    int window = 0; // sliding window of this many keys (0: none); see visibleKeys()
    MaskMethod maskMethod = MaskMethod::NegInf;
    const Matrix* keepMask = nullptr; // dropout: 1 = kept (T x S); null when dropout is off
    float dropoutScale = 1;           // 1 / (1 - p), as float, as PyTorch's noise.div_
    Arithmetic arithmetic = Arithmetic::Fast;
    // Causal: attendHead() also computes the other masking method's weights, block by block,
    // for head.maskMethodsMaxDiff (the hidden keys' scores are then computed too).
    bool compareMaskMethods = false;
    // Fast path: attendHead() also reduces the weights into this (reduceNonNegativeRows():
    // what a view of a long text draws), each block of rows while its weights are in cache.
    // The caller sets its blocks (the row block dividing CausalBlockRows) and sizes it, outside
    // any parallel region (an allocation that fails there could not be caught).
    BlockReducer::Result* reduceInto = nullptr;
    // Fast path: attendHead() also hands every block's scores to this.
    ScoresSink* scoresSink = nullptr;
};

// The keys query `row` sees, [first, last) of S: all of them; with `causal` those up to the
// query itself (j <= i); with a window of W, with causal i - W < j <= i (Mistral), without it
// |i - j| < W. Empty (first == last) when none is left (cross-attention, T > S).
struct KeyRange
{
    Eigen::Index first = 0, last = 0;
};
KeyRange visibleKeys(const HeadOptions& options, Eigen::Index row, Eigen::Index keyCount);
// Whether some keys are hidden from some queries (a causal mask or a window).
inline bool hidesKeys(const HeadOptions& options)
{
    return options.causal || options.window > 0;
}

// Rows per block of the fast path (its scores and weights, 64 x 1024 floats each at GPT-2
// size, stay in L2 until the block's context is computed). With a causal mask, row block
// [r, r + B) needs keys [0, r + B) only.
constexpr Eigen::Index CausalBlockRows = 64;

// True when the forward leaves the scores of hidden (future) keys uncomputed: the fast causal
// path of the neg-inf method, whose softmax never reads them. attendRowBlock() computes them
// with a second product when asked (for display and the dump).
bool skipsHiddenScores(const HeadOptions& options);

// One block of rows of a head's T x S tensors (rows x S each): the forward keeps none of
// them, views and exporters derive them again through attendRowBlock().
struct RowBlockTensors
{
    Matrix scores;  // attn_scores rows: raw q·k (hidden keys' scores only when asked)
    Matrix weights; // attn_weights rows: after mask and softmax, before dropout
    Matrix dropped; // attn_weights_dropped rows: weights * keep / (1 - p); only with dropout
};

// Row block [first, first + rows) of one head, with exactly the forward's arithmetic.
// queries (T, dk), keys (S, dk) -> out.scores, out.weights[, out.dropped] (rows, S).
// pass 1: scores = queries[first:first+rows] · keysᵀ; on the fast neg-inf path with a mask
//         only the keys the block sees, from the packed panel holding its first row's first
//         visible key to its last row's last, and with `allScores` the hidden keys on either
//         side by products of their own (the same products whoever asks, so the same bits;
//         scoresProduct(), HeadProducts.h);
// pass 2: row i: softmax(scores / divisor) over its visible cells (visibleKeys()), by the
//         session's mask method;
// pass 3: dropout: weights * keep * 1/(1-p).
// A view asks the fast path for whole blocks (first a multiple of CausalBlockRows, rows =
// min(CausalBlockRows, T - first)) to get the forward's bits: a product's bits depend on its
// shape (only a forward reusing a prefix asks for a partial first block, attendHead). TorchOrder
// sums every cell in PyTorch's order whatever the block.
void attendRowBlock(const Matrix& queries, const Matrix& keys, const HeadOptions& options,
                    Eigen::Index first, Eigen::Index rows, bool allScores, RowBlockTensors& out);

// Masked: query `row`'s weights by the masking method the options did not choose, from its S
// scores (all of them: the renormalizing method's softmax reads every one).
void otherMethodRow(const HeadOptions& options, const float* scores, Eigen::Index S,
                    Eigen::Index row, float* out);

// max |weights - other method's weights| over the visible cells of a block whose scores are
// all computed (rows first, first + 1, ...).
float maskMethodsBlockDiff(const HeadOptions& options, const RowBlockTensors& block,
                           Eigen::Index first);

// Scaled dot-product attention for one head, keeping only its context.
// queries (T, dk), keys (S, dk), values (S, dv) -> head.contextVec (T, dv)
// [, head.maskMethodsMaxDiff with options.compareMaskMethods]
// [, *options.reduceInto].
// Row block by row block (the fast path: CausalBlockRows; TorchOrder: all rows at once):
// attendRowBlock(), then context = weights · values (contextProduct()); the keys are packed
// once for all blocks (PackedKeys); on the fast neg-inf path with a mask row block [r, r+B)
// only reads the keys from its first visible panel to r+B (causal), the rest of its weights
// being zero. No T x S matrix outlives its block.
// firstRow > 0 (fast path; a model's forward reusing an unchanged causal prefix): only rows
// [firstRow, T) are computed, the first block from firstRow to the next multiple of
// CausalBlockRows (a row appended at the end is one row's work, not a block's: its bits may
// differ in the last place from a forward from scratch, which computed it in the whole
// block); the earlier rows of head.contextVec, already T x dv, are left as the caller put
// them.
void attendHead(const Matrix& queries, const Matrix& keys, const Matrix& values,
                const HeadOptions& options, HeadTrace& head, Eigen::Index firstRow = 0);

// From this many floats (every head's queries together) the forwards copy the heads' columns
// to and from the projections on both cores; fewer (a word typed at the end) on this thread,
// where a parallel region costs more than the copy.
constexpr Eigen::Index ParallelCopyFloats = Eigen::Index(1) << 16;

// attendHead() for several heads at once, as one parallel loop over every head's row blocks,
// the costliest first: 9 heads (SmolLM2) on two cores no longer leave one core idle while the
// ninth runs, and the causal mask's short early blocks fill the ends. Each block computes the
// bits attendHead() computes for it. The heads' tensors are sized here, outside the workers.
struct HeadJob
{
    const Matrix* queries = nullptr;
    const Matrix* keys = nullptr;
    const Matrix* values = nullptr;
    HeadOptions options;
    HeadTrace* head = nullptr;
    Eigen::Index firstRow = 0;
};
void attendHeads(const std::vector<HeadJob>& jobs);

} // namespace ae
