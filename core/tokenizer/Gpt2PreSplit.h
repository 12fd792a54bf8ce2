#pragma once

#include <string_view>
#include <vector>

namespace ae {

// GPT-2's pre-split pattern, matched by hand (no regex engine) with the project's Unicode tables:
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// \s is Unicode's White_Space, as in tiktoken. Bytes that are not valid UTF-8 count as one
// "other" character each (like U+FFFD), so any byte string splits and nothing is lost:
// the pieces are views into text and concatenated they are text.
std::vector<std::string_view> gpt2PreSplit(std::string_view text);

} // namespace ae
