#pragma once

#include <QByteArray>
#include <QString>

#include "TransformerConfig.h"

#include <string>

namespace ae {

struct SafetensorsHeader;

struct Gpt2ConfigResult
{
    TransformerConfig config;
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
