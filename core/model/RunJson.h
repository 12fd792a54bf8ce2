#pragma once

#include <string>

class QIODevice;

namespace ae {

struct ModelRun;

// The --dump-json of every run, one writer whatever computed it. The common fields come once:
// "format" ("attention-explorer-dump"), "version" (1), "tokens", "token_ids". Then what the
// run has:
// - the seed module (a run of one layer and no checkpoint: reference-semantics.md §6, byte for
//   byte as before): "variant" (before "tokens", where it always was), "vocabulary", the source
//   tokens of cross-attention, "shapes" (name -> [rows, cols]), "tensors" (every module tensor
//   under PyTorch's name), "mask_methods_max_abs_diff" (causal) and "heads" (every head's
//   tensors, with "scaled_scores");
// - a checkpoint (gpt2.md §3): "model" {n_layer, n_head, n_embd, n_ctx, vocab_size, dtype},
//   "layers"[l]."heads"[h] {queries, keys, values, attn_weights}, "next_token" [{id, token,
//   prob}] (top 10) and "timings".
// A head's T x S tensors are derived while it is written and let go after it, never all held
// at once. Given a device the JSON is streamed in chunks (JsonWriter), memory bounded whatever
// the dump's size; writeRunJson returns false when a write failed.
bool writeRunJson(const ModelRun& run, QIODevice& device);
// The same, whole in memory (tests, small dumps).
std::string runToJson(const ModelRun& run);

} // namespace ae
