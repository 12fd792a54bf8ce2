#pragma once

#include <QByteArray>
#include <QString>

#include <string>

namespace ae {

struct SafetensorsHeader;

// GPT-2's hyper-parameters (Hugging Face's GPT2Config names in comments).
struct Gpt2Config
{
    int nLayer = 0;        // n_layer
    int nHead = 0;         // n_head
    int nEmbd = 0;         // n_embd: d
    int nCtx = 0;          // n_positions: rows of wpe, the longest sentence in tokens
    int vocabSize = 0;     // vocab_size: rows of wte
    float epsilon = 1e-5f; // layer_norm_epsilon
    int headDim() const { return nHead > 0 ? nEmbd / nHead : 0; }
};

struct Gpt2ConfigResult
{
    Gpt2Config config;
    std::string prefix;       // "" or "transformer.": how the checkpoint names its tensors
    QString error;            // empty: found; else the problem (the caller names the file)
    bool configFault = false; // the error is config.json's, not the checkpoint's
};

// The configuration of a checkpoint: from `configJson` (the bytes of config.json beside
// it) when given, else inferred from the tensors: n_layer from the h.{i}. names, n_embd,
// vocab_size and n_ctx from wte's and wpe's shapes, n_head = n_embd / 64, epsilon 1e-5.
// The result is not yet checked against every tensor (Gpt2Weights does that).
Gpt2ConfigResult gpt2Config(const SafetensorsHeader& header, const QByteArray* configJson);

} // namespace ae
