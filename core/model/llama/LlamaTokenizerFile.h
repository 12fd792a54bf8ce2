#pragma once

#include <QString>

#include <memory>

namespace ae {

class Tokenizer;
struct TransformerConfig;

// tokenizer.json beside a Llama-family checkpoint (llama.md §3), read into the model's own
// tokenizer. Absent: no tokenizer and no error (the model opens; text input is refused naming
// the file). Present but not a byte-level BPE this app runs, or with ids beyond the model's
// vocabulary: an error naming the file and the key.
struct LlamaTokenizerFile
{
    std::shared_ptr<const Tokenizer> tokenizer;
    QString error;
};
LlamaTokenizerFile readLlamaTokenizer(const QString& folder, const TransformerConfig& config);

// "FOLDER/tokenizer.json", for messages.
QString llamaTokenizerPath(const QString& folder);

} // namespace ae
