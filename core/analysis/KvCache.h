#pragma once

#include "Matrix.h"
#include "Rope.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ae {

class TransformerModel;
struct ModelTrace;
struct TransformerConfig;

// Multiply-adds of the token at position T - 1 (T tokens in all), for the Generate page to
// set beside the cache's size: `scratch` by a forward of all T tokens (every block's products
// for T rows, each head's causal scores and context, the last row's logits), `cached` by a
// cached step (one row through every block, its attention over T keys, its logits).
struct GenerationCost
{
    double scratch = 0;
    double cached = 0;
};
GenerationCost generationCost(const TransformerConfig& config, Eigen::Index T);

// The keys and values of every block for the tokens so far: what a new token's attention
// reads, so that generating one more token computes only that token's rows (heads.md §3).
// The prompt's keys and values are read in place from its forward (the trace is kept), not
// copied: at 1,024 tokens of GPT-2 small a copy would be 75 MB. Only the generated tokens'
// rows are stored here, per block ((capacity − prompt) x kvd, kvd = n_kv_head · hd).
class KvCache
{
public:
    // The prompt's forward (a model's trace, at most `capacity` tokens counted) and room for
    // `capacity` tokens in all (at most n_ctx), allocated once.
    KvCache(std::shared_ptr<const ModelTrace> prompt, Eigen::Index capacity);

    Eigen::Index size() const { return m_size; }
    Eigen::Index capacity() const { return m_capacity; }
    // Bytes of the keys and values a step reads, the prompt's included:
    // 2 · n_layer · size() · kvd · 4.
    std::int64_t bytes() const;

    // Token `id` at position size() (size() < capacity): per block norm1, its own query, key
    // and value rows (q/k norms and RoPE at its position where the model has them), the keys
    // and values appended, its attention row over every cached key it sees per head (causal
    // softmax(q·kᵀ / √hd) within the model's window, the forward's Fast arithmetic), the
    // projection and the feed-forward; then norm_f and the logits (V). With `attention`, per block
    // the new token's weights (n_head x size() after the call).
    RowVector step(std::int64_t id, std::vector<Matrix>* attention = nullptr);

private:
    std::shared_ptr<const ModelTrace> m_prompt;
    const TransformerModel& m_model;
    Eigen::Index m_capacity = 0;
    Eigen::Index m_promptRows = 0; // the prompt's tokens, read from m_prompt
    Eigen::Index m_size = 0;
    std::vector<Matrix> m_keys, m_values; // per block, the generated rows; keys after RoPE
    RopeRotation m_rotation;              // of positions 0 … capacity − 1 (rotary models)
};

} // namespace ae
