#pragma once

namespace ae {

// GPT-2's byte-to-unicode map, shared by every byte-level BPE (GPT-2's encoder.json, a
// Hugging Face tokenizer.json's vocabulary and merges): printable bytes stand for themselves,
// the others for U+0100 and on, so that a token's bytes are a printable string.
char32_t gpt2ByteToUnicode(unsigned char byte);
// The inverse: the byte a stand-in code point means, or -1 for any other code point.
int gpt2UnicodeToByte(char32_t cp);

} // namespace ae
