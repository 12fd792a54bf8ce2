#pragma once

#include "Gpt2Vocab.h"
#include "Utf8.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

// GPT-2's tokenizer, exactly as tiktoken.get_encoding("gpt2") with
// allowed_special={"<|endoftext|>"}: "<|endoftext|>" in the text is the token 50256, the rest
// is pre-split (Gpt2PreSplit.h) and each piece byte-pair encoded (Gpt2Bpe.h). Nothing is
// dropped, and any byte string encodes (bytes that are not UTF-8 become byte tokens), so
// gpt2Decode(gpt2Encode(s)) == s. The vocabulary loads on the first call.
std::vector<std::int64_t> gpt2Encode(std::string_view text);

// The bytes of the ids, concatenated. Ids outside [0, 50257) are skipped.
std::string gpt2Decode(const std::vector<std::int64_t>& ids);

// One token's bytes (may be part of a UTF-8 character), and the same decoded as UTF-8 with
// every invalid sequence replaced by U+FFFD, as Python's bytes.decode("utf-8", "replace").
std::string gpt2TokenBytes(std::int64_t id);
std::string gpt2TokenText(std::int64_t id);

// A piece of the text as the encoder sees it: <|endoftext|>, or one match of the pre-split pattern.
struct Gpt2Piece
{
    std::string_view text; // a view into the encoded text
    bool special = false;
};
std::vector<Gpt2Piece> gpt2Pieces(std::string_view text);

} // namespace ae
