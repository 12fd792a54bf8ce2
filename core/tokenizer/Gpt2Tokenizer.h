#pragma once

#include "Tokenizer.h"

namespace ae {

// GPT-2's byte-level BPE as a registered tokenizer: tiktoken's "gpt2" (Gpt2Encoding.h), a
// fixed vocabulary of 50,257 tokens, every byte kept, and the merges of each piece to show.
class Gpt2Tokenizer : public Tokenizer
{
public:
    TokenizerKind kind() const override { return TokenizerKind::Gpt2; }
    std::string_view id() const override { return "gpt2"; }
    std::int64_t fixedVocabularySize() const override;
    bool keepsEveryByte() const override { return true; }

    std::vector<std::string> tokenize(std::string_view text) const override;
    TokenizedTexts encode(const std::vector<std::string_view>& texts) const override;
    std::string tokenBytes(std::int64_t id) const override;
    std::optional<PieceMerges> mergesAt(std::string_view text, std::size_t byteOffset,
                                        std::size_t maxSteps) const override;
    std::vector<std::string> referenceCode() const override;
    double vocabularyLoadMs() const override;
};

} // namespace ae
