#pragma once

namespace ae::unicode {

// Character classes of the reference tokenizer, from Python's unicodedata (see
// scripts/gen_unicode_tables.py): general category P*, str.isspace(), CJK ideographs.
bool isPunctuation(char32_t cp);
bool isWhiteSpace(char32_t cp);
bool isCjkIdeograph(char32_t cp);
const char* unicodeVersion();

} // namespace ae::unicode
