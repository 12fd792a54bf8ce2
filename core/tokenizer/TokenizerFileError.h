#pragma once

#include <stdexcept>
#include <string>

namespace ae {

// A tokenizer file that cannot be read, is not JSON, or asks for something this tier does not
// do exactly as the reference does. The message names the file and the JSON key path and
// value ("tokenizer.json: model.type \"Unigram\" is not supported (byte-level BPE only)"), or
// the byte offset of malformed JSON; it is meant to be shown as it is.
class TokenizerFileError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

} // namespace ae
