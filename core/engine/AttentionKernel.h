#pragma once

#include "Arithmetic.h"
#include "Matrix.h"
#include "Session.h"

namespace ae {

struct HeadTrace;

struct HeadOptions
{
    float scoreDivisor = 1; // sqrt(dk), or 1 for simplified attention
    bool causal = false;
    MaskMethod maskMethod = MaskMethod::NegInf;
    const Matrix* keepMask = nullptr; // dropout: 1 = kept (T x S); null when dropout is off
    float dropoutScale = 1;           // 1 / (1 - p), as float, as PyTorch's noise.div_
    Arithmetic arithmetic = Arithmetic::Fast;
};

// Rows per block of the fast path (its scores and weights, 64 x 1024 floats each at GPT-2
// size, stay in L2 until the block's context is computed). With a causal mask, row block
// [r, r + B) needs keys [0, r + B) only.
constexpr Eigen::Index CausalBlockRows = 64;

// True when attendHead() leaves the scores of hidden (future) keys uncomputed, to be
// filled by completeHiddenScores(): the fast causal path of the neg-inf method, whose
// softmax never reads them.
bool skipsHiddenScores(const HeadOptions& options);

// Gives the head's outputs (scores, weights, [dropout mask and dropped weights,] context)
// their shapes, uninitialised; attendHead() does it too. Called on the main thread before the
// heads run in parallel, it keeps the large matrices in the main malloc arena, which keeps
// freed memory for the next trace: freed in a worker thread's arena, glibc gives it back to
// the system and the next computation pays a page fault for every 4 KiB of it again.
void shapeHeadOutputs(HeadTrace& head, Eigen::Index T, Eigen::Index S, Eigen::Index dv,
                      bool dropout);

// Scaled dot-product attention for one head.
// queries (T, dk), keys (S, dk), values (S, dv) -> head.attnScores (T, S),
// head.attnWeights (T, S), [head.dropoutMask, head.attnWeightsDropped (T, S)],
// head.contextVec (T, dv).
// pass 1: scores = queries · keysᵀ; on the fast causal path only the blocks a causal
//         mask leaves visible (about half);
// pass 2: row i: softmax(scores / divisor) over its visible cells (causal: j <= i), by the
//         session's mask method;
// pass 3: dropout: weights * keep * 1/(1-p);
// pass 4: context = weights · values; on the fast causal path row block [r, r+B) only
//         reads keys [0, r+B), the rest of its weights being zero.
// The fast path runs the four passes block of rows by block of rows; TorchOrder runs each
// pass over the whole matrix, in PyTorch's summation order.
void attendHead(const Matrix& queries, const Matrix& keys, const Matrix& values,
                const HeadOptions& options, HeadTrace& head);

// The scores of the hidden keys that the fast causal path skipped (for display and the
// dump: the raw scores are shown in full even where the mask hides them).
void completeHiddenScores(const Matrix& queries, const Matrix& keys, HeadTrace& head);

} // namespace ae
