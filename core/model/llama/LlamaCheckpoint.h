#pragma once

#include "ModelLoad.h"

#include <QString>

namespace ae {

// Llama-family checkpoints as Hugging Face publishes them (llama.md §1): a folder with
// config.json (model_type llama, mistral, qwen2 or qwen3), the weights as model.safetensors or
// shards listed by model.safetensors.index.json (F32, F16, BF16), and tokenizer.json.

// Whether `file` (a model file the registry resolved, or a folder) lies in a folder whose
// config.json names a model_type other than GPT-2's: those are this family's to open or to
// refuse naming the model_type. Reads config.json only.
bool isLlamaCheckpoint(const QString& file);

// Loads the folder of `file` into the canonical layout: every nn.Linear weight kept as stored
// (out x in) and used transposed (TensorRef::transposed), the q, k and v projections apart; F32
// weights read in place from the mapped file, F16/BF16 blocks left in the file and widened when
// a forward reaches them (TransformerModel::layer); the embedding and head read in place. Every
// tensor is checked against the configuration first (a missing or misshapen one is refused naming
// it and its file).
ModelLoadResult loadLlamaCheckpoint(const QString& file);

} // namespace ae
