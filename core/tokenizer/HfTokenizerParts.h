#pragma once

#include "AddedTokens.h"
#include "BpeModel.h"
#include "SplitRegex.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ae {

class JsonValue;

// What a tokenizer.json asks for, in the subset that HfTokenizer runs (HfTokenizer.h lists it).
struct HfTokenizerParts
{
    AddedTokens added;
    bool nfc = false;                                // normalizer: NFC, else none
    std::vector<std::unique_ptr<SplitRegex>> splits; // applied in order, each Isolated
    BpeModel bpe;
    std::vector<std::int64_t> prefixIds, suffixIds; // post-processor, around the text's ids
};

// Reads a parsed tokenizer.json. Throws std::runtime_error whose message starts with the key
// path and its value (`model.type "Unigram" is not supported (byte-level BPE only)`) for
// anything that would give other ids than Hugging Face's and is not implemented.
HfTokenizerParts readTokenizerJson(const JsonValue& root);

} // namespace ae
