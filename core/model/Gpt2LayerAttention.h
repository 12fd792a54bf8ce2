#pragma once

#include <memory>
#include <string>
#include <vector>

namespace ae {

class TransformerModel;
struct AttentionParams;
struct Gpt2Trace;
struct Session;
struct Trace;

// The random module's session that computes what block `layer` of GPT-2 does in attention:
// the book's MultiHeadAttention (variant multi-head, n_head heads, d_out = n_embd, qkv_bias,
// causal, no dropout) on d_in = n_embd. `base` gives the sentence, tokenizer and model path.
Session gpt2LayerSession(const Gpt2Trace& trace, const Session& base);

// Block `layer`'s attention of a computed forward as an ordinary Trace, so that every step
// page, figure and the inspector show it. d = n_embd, T = tokens:
//   inputs (T x d) = a = LN1(x_layer), as the forward kept it;
//   W_query | W_key | W_value (d x d each) = the columns of c_attn.weight (d x 3d), already
//   in x·W orientation (Hugging Face's Conv1D), their biases likewise from c_attn.bias;
//   out_proj (d x d) = c_proj.weight, also x·W, and c_proj.bias;
// then runForward() and completeTrace() as for any session: the step-by-step arithmetic is
// the engine's, and equals the forward's up to float32 rounding. `tokens` label the rows.
// `params`: gpt2LayerParams(*trace.model, layer) computed before (the window keeps the last
// layer's while typing: copying them costs a few ms per keystroke); null copies them here.
std::shared_ptr<const Trace> gpt2LayerTrace(const Gpt2Trace& trace, int layer, const Session& base,
                                            std::vector<std::string> tokens = {},
                                            std::shared_ptr<const AttentionParams> params = {});

// Block `layer`'s attention parameters as the random module's (W_query | W_key | W_value and
// their biases from c_attn, out_proj from c_proj), copied out of the checkpoint (4·d² + 4·d
// floats).
std::shared_ptr<const AttentionParams> gpt2LayerParams(const TransformerModel& model, int layer);

} // namespace ae
