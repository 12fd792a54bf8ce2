#pragma once

#include <string>

class QIODevice;

namespace ae {

struct ModelRun;

// The dump of a model session (spec gpt2.md §3): "tokens", "token_ids", "model"
// {n_layer, n_head, n_embd, n_ctx, vocab_size, dtype}, "layers"[l]."heads"[h] {queries,
// keys, values, attn_weights} and "next_token" [{id, token, prob}] (top 10). Adds
// "format", "version" and "timings". The attention weights are derived head by head
// while writing, never all held at once.
std::string modelRunToJson(const ModelRun& run);
// The same, streamed to `device` in chunks, one head's weights derived at a time (memory
// bounded whatever the dump's size); false when a write failed.
bool writeModelRunJson(const ModelRun& run, QIODevice& device);

} // namespace ae
