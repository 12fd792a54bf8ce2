#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace ae {

class Gpt2Model;
struct Gpt2Trace;

// GPT-2's forward in float32 (the book's GPTModel in eval mode), d = n_embd, T = tokens,
// hd = d / n_head, V = vocab:
//   x (T x d) = wte[ids] + wpe[0..T)
//   per block: a = LN1(x); qkv (T x 3d) = a·W_attn + b; per head (in parallel)
//     weights (T x T) = causal softmax(q·kᵀ / √hd), context (T x hd) = weights·v;
//     x += context (T x d)·W_proj + b; x += GELU_tanh(LN2(x)·W_fc + b) (T x 4d)·W_fcproj + b
//   logits (V) = LN_f(x_last) · wteᵀ; the 10 most probable next tokens.
// The ids must be below vocab_size and at most n_ctx of them (the caller checks).
std::shared_ptr<const Gpt2Trace> gpt2Forward(std::shared_ptr<const Gpt2Model> model,
                                             const std::vector<std::int64_t>& ids);

} // namespace ae
