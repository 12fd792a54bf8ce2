#pragma once

#include <QCoreApplication>

namespace ae {

// The translation contexts of the checkpoint loader's messages (lupdate files a free tr()
// under the namespace): one struct per context, shared by the files that write them.
struct Safetensors
{
    Q_DECLARE_TR_FUNCTIONS(Safetensors)
};

struct Gpt2Checkpoint
{
    Q_DECLARE_TR_FUNCTIONS(Gpt2Checkpoint)
};

// A .pth file: its zip container and its pickle (core/model/book/).
struct Pth
{
    Q_DECLARE_TR_FUNCTIONS(Pth)
};

// The book's GPTModel checkpoints (core/model/book/).
struct BookCheckpoint
{
    Q_DECLARE_TR_FUNCTIONS(BookCheckpoint)
};

// Llama-family checkpoints (core/model/llama/): config.json, shards, tensors, tokenizer.json.
struct LlamaCheckpoint
{
    Q_DECLARE_TR_FUNCTIONS(LlamaCheckpoint)
};

// The memory guard of model runs and of converting weights (ModelMemory.cpp, ModelRun.cpp).
struct ModelMemory
{
    Q_DECLARE_TR_FUNCTIONS(ModelMemory)
};

} // namespace ae
