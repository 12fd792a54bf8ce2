#pragma once

#include "Forward.h"
#include "Matrix.h"
#include "Session.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ae {

class TransformerModel;
struct ModelTrace;

// What a forward labels its layers' traces with: the tokens' texts (else their ids) and the
// session they came from (its sentence, title and model path; the layer's own attention
// settings are the model's).
struct ForwardLabels
{
    std::vector<std::string> tokens;
    Session base;
};

// The forward of any model in the canonical layout, float32, eval mode (the book's GPTModel;
// GPT-2; Llama's family). d = n_embd, T = tokens, hd = head_dim, qd = n_head · hd, V = vocab:
//   x (T x d) = wte[ids] [+ wpe[0..T) with learned positions]
//   per block: a = norm1(x) (LayerNorm or RMSNorm); qkv (T x (qd + 2·kvd)) = a·W_attn [+ b]
//     (q/k norms per head, then RoPE at positions 0..T-1 on queries and keys, where the model
//     has them); per head the seed module's kernel (attendHeads, in parallel: causal
//     softmax(q·kᵀ / √hd) within the model's window, row block by row block, Fast arithmetic),
//     context (T x hd) = weights·v; x += concat(context)·W_proj [+ b];
//     with a feed-forward: x += GELU_tanh(LN2(x)·W_fc + b)·W_fcproj + b, or
//     down(silu(gate(m)) · up(m)) with m = RMSNorm(x)
//   logits (V) = norm_f(x_last) · outHeadᵀ; the 10 most probable next tokens.
// Every layer's tensors go into the trace (ModelTrace.h). The ids must be below vocab_size and
// at most n_ctx of them (the caller checks; else std::out_of_range).
//
// `previous` (a forward of the same model, or null): attention is causal, so with P = the
// length of the common prefix of previous->tokenIds and ids, rows < P of every layer's
// tensors and residuals are those of `previous`, copied; only the rows [P, T) are computed
// (their queries against all T keys; the kernel's row blocks from the one holding row P).
// With no new row (P = T) only the logits are computed, from the kept residual. Equal to a
// forward from scratch up to float32 rounding (products of other shapes); reusedRows = P.
//
// `overview` (may be null): the caller's reduction of a T x T weights matrix; when it asks for
// square blocks b x b with b dividing CausalBlockRows, every head's weights are reduced into
// ModelTrace::overview while each block of rows is at hand, provided P is a multiple of b and,
// for P > 0, `previous` has an overview of the same b (its rows before P are kept). Otherwise
// the trace has none and a view derives what it needs. A prefix of fewer than b tokens (a
// first token that stayed) is not reused then: those few rows are computed again, and the
// forward has its overview.
std::shared_ptr<const ModelTrace> transformerForward(std::shared_ptr<const TransformerModel> model,
                                                     const std::vector<std::int64_t>& ids,
                                                     const ModelTrace* previous = nullptr,
                                                     const ForwardLabels& labels = {},
                                                     WeightsReductionPolicy overview = nullptr);

// P above: how many leading rows of `previous` a forward of `ids` with `model` can reuse (0
// when previous is null or of another model).
Eigen::Index reusablePrefix(const TransformerModel& model, const std::vector<std::int64_t>& ids,
                            const ModelTrace* previous);

// The session that describes block attention of `model` as the seed module would compute
// it: the book's MultiHeadAttention (variant multi-head, n_head heads, d_in = d_out = n_embd,
// qkv_bias as the model has it, causal, no dropout); `base` gives the sentence, title and
// model path.
Session layerSession(const TransformerModel& model, const Session& base);

} // namespace ae
