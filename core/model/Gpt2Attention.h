#pragma once

#include "Matrix.h"

namespace ae {

struct Gpt2Trace;

// GPT-2's causal attention for one head, the forward's kernel and the views' source of
// T x T weights alike, so that what is shown is what was computed. The queries may be a block
// of rows of the sequence, the rows [firstQuery, firstQuery + R) (the prefix-reusing forward
// computes only the rows after the unchanged prefix):
//   queries (R x hd), keys (S x hd), S = firstQuery + R -> weights (R x S); row i sees the
//   keys 0..firstQuery + i, and is zero after them (firstQuery = 0: T x T, zero above the
//   diagonal)
// pass 1: scores = queries · keysᵀ for the visible part (row i: keys 0..firstQuery + i);
// pass 2: each row divided by √hd (a float32 divisor, as the book's
// attn_scores / keys.shape[-1]**0.5), max subtracted, exp, normalised.
void gpt2CausalWeights(const Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>& queries,
                       const Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>& keys,
                       Matrix& weights, Eigen::Index firstQuery = 0);

// One head's attention weights (T x T) of a computed trace, derived from its stored
// queries and keys.
Matrix gpt2AttnWeights(const Gpt2Trace& trace, int layer, int head);

// One query's row of a head's attention weights (the head view), without the T x T matrix:
//   weights (query + 1) = softmax(q_query · keys[0..query]ᵀ / √hd); the later keys are masked.
RowVector gpt2AttnRow(const Gpt2Trace& trace, int layer, int head, int query);

} // namespace ae
