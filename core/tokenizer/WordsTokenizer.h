#pragma once

#include "Tokenizer.h"

namespace ae {

// The seed article's tokenizer (spec §2): punctuation (P*) becomes a space, then the text is
// split on white space; with CjkChars every CJK ideograph is also a token of its own. The
// vocabulary is the texts' sorted distinct tokens (Vocabulary).
class WordsTokenizer : public Tokenizer
{
public:
    explicit WordsTokenizer(TokenizerKind kind) : m_kind(kind) {}

    TokenizerKind kind() const override { return m_kind; }
    std::string_view id() const override;
    std::vector<std::string> tokenize(std::string_view text) const override;

private:
    TokenizerKind m_kind;
};

} // namespace ae
