#pragma once

#include "Matrix.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ae {

class TransformerModel;
struct Gpt2Trace;

// GPT-2's forward in float32 (the book's GPTModel in eval mode), d = n_embd, T = tokens,
// hd = d / n_head, V = vocab:
//   x (T x d) = wte[ids] + wpe[0..T)
//   per block: a = LN1(x); qkv (T x 3d) = a·W_attn + b; per head (in parallel)
//     weights (T x T) = causal softmax(q·kᵀ / √hd), context (T x hd) = weights·v;
//     x += context (T x d)·W_proj + b; x += GELU_tanh(LN2(x)·W_fc + b) (T x 4d)·W_fcproj + b
//   logits (V) = LN_f(x_last) · wteᵀ; the 10 most probable next tokens.
// The ids must be below vocab_size and at most n_ctx of them (the caller checks).
std::shared_ptr<const Gpt2Trace> gpt2Forward(std::shared_ptr<const TransformerModel> model,
                                             const std::vector<std::int64_t>& ids);

// The same forward, reusing `previous` (a forward of the same model, or null): attention is
// causal, so with P = the length of the common prefix of previous->tokenIds and ids, rows < P
// of every layer's ln1, queries, keys, values and of the residual are those of `previous`.
// Only the rows [P, T) are computed: per block, x rows (R = T - P, x d) -> LN1 -> qkv (R x 3d);
// their queries against all T keys (gpt2CausalWeights from row P) -> context (R x d) -> out
// projection; MLP (R x 4d). With no new row (P = T: a token taken off the end, or the same
// ids) only the logits are computed, from the kept residual. Equal to gpt2Forward(model, ids)
// up to float32 rounding (GEMMs of other shapes); trace->reusedRows = P.
std::shared_ptr<const Gpt2Trace> gpt2Forward(std::shared_ptr<const TransformerModel> model,
                                             const std::vector<std::int64_t>& ids,
                                             const Gpt2Trace* previous);

// P above: how many leading rows of `previous` a forward of `ids` with `model` can reuse (0
// when previous is null or of another model).
Eigen::Index gpt2ReusablePrefix(const TransformerModel& model, const std::vector<std::int64_t>& ids,
                                const Gpt2Trace* previous);

} // namespace ae
