#pragma once

#include "TransformerConfig.h"

#include <QByteArray>
#include <QString>

namespace ae {

// config.json of a Llama-family checkpoint (llama.md §1) as a TransformerConfig: RMSNorm,
// rotary positions (llama3 scaling), grouped key/value heads, SwiGLU, the family's biases
// (Qwen 2: queries, keys and values; attention_bias: all four), Qwen 3's q/k norms, Mistral's
// sliding window, tied or untied output head.
struct LlamaConfigResult
{
    TransformerConfig config;
    bool attnBias = false; // q, k, v projections have biases
    bool outBias = false;  // o_proj has a bias (attention_bias)
    QString error;         // names the key and what it must be; empty when read
};

// Whether `modelType` is one of the family's: llama, mistral, qwen2, qwen3.
bool isLlamaModelType(const QString& modelType);

// Reads config.json's bytes. Anything that changes the numbers and is not understood (another
// rope_type, hidden_act other than silu, use_sliding_window true, mlp_bias) is refused naming
// the key.
LlamaConfigResult llamaConfig(const QByteArray& json);

} // namespace ae
