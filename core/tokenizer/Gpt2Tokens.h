#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

struct Gpt2Tokens
{
    std::vector<std::int64_t> ids;
    std::vector<std::string> tokens; // each token's bytes as UTF-8, invalid sequences as U+FFFD
};

// A model session's text as GPT-2 tokens: tiktoken's "gpt2" ids (gpt2Encode, the engine's
// byte-pair encoder) and each token's text as the dump shows it (gpt2TokenText).
Gpt2Tokens gpt2Tokens(std::string_view text);

} // namespace ae
