#pragma once

#include "Matrix.h"

namespace ae {

struct Gpt2Trace;

// GPT-2's causal attention for one head, the forward's kernel and the views' source of
// T x T weights alike, so that what is shown is what was computed.
//   queries (T x hd), keys (T x hd) -> weights (T x T), zero above the diagonal
// pass 1: scores = queries · keysᵀ for the visible triangle (row i: keys 0..i);
// pass 2: each row divided by √hd (a float32 divisor, as the book's
// attn_scores / keys.shape[-1]**0.5), max subtracted, exp, normalised.
void gpt2CausalWeights(const Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>& queries,
                       const Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>& keys,
                       Matrix& weights);

// One head's attention weights (T x T) of a computed trace, derived from its stored
// queries and keys.
Matrix gpt2AttnWeights(const Gpt2Trace& trace, int layer, int head);

// One query's row of a head's attention weights (the head view), without the T x T matrix:
//   weights (query + 1) = softmax(q_query · keys[0..query]ᵀ / √hd); the later keys are masked.
RowVector gpt2AttnRow(const Gpt2Trace& trace, int layer, int head, int query);

} // namespace ae
