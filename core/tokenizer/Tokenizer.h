#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

enum class TokenizerKind
{
    Words,    // spec §2: punctuation (P*) becomes a space, then split on white space
    CjkChars, // as Words, and every CJK ideograph is a token of its own
    Gpt2,     // GPT-2's byte-pair encoding (Gpt2Encoding.h): ids are fixed, not from a Vocabulary
};

// Splits UTF-8 text into tokens. Case is kept; tokens are UTF-8. With Gpt2 each token's bytes
// decoded as UTF-8, U+FFFD for a part of a character (gpt2TokenText()).
std::vector<std::string> tokenize(std::string_view text, TokenizerKind kind = TokenizerKind::Words);

// The tokens and their ids. Words and CjkChars number the distinct tokens of all the texts
// in sorted order (Vocabulary); Gpt2 gives GPT-2's ids and an empty vocabulary (the vocabulary
// is GPT-2's fixed 50,257 tokens, not listed).
struct TokenizedTexts
{
    std::vector<std::vector<std::string>> tokens;
    std::vector<std::vector<std::int64_t>> ids;
    std::vector<std::string> vocabulary;
};
TokenizedTexts tokenizeWithIds(const std::vector<std::string_view>& texts, TokenizerKind kind);

} // namespace ae
