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

// Text to GPT-2 token ids for a model session.
// STAND-IN until the byte-pair tokenizer (spec gpt2.md §1) is merged: every UTF-8 byte is
// its own token, with GPT-2's id for that byte (ids 0..255 of its vocabulary, in the order
// of OpenAI's bytes_to_unicode). That is GPT-2's encoding with no merge applied: valid
// tokens that the model knows, but more of them than tiktoken gives.
Gpt2Tokens gpt2Encode(std::string_view text);

// A token id's text for the next-token list: the byte for ids 0..255; "<id N>" above
// (the vocabulary file comes with the tokenizer).
std::string gpt2TokenText(std::int64_t id);

} // namespace ae
