#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ae {

enum class TokenizerKind {
    Words,    // spec §2: punctuation (P*) becomes a space, then split on white space
    CjkChars, // as Words, and every CJK ideograph is a token of its own
};

// Splits UTF-8 text into tokens. Case is kept; tokens are UTF-8.
std::vector<std::string> tokenize(std::string_view text, TokenizerKind kind = TokenizerKind::Words);

} // namespace ae
