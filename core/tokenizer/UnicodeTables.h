#pragma once

namespace ae::unicode {

// Character classes of the reference tokenizer, from Python's unicodedata (see
// scripts/gen_unicode_tables.py): general category P*, str.isspace(), CJK ideographs;
// for GPT-2's pre-split pattern \p{L}, \p{N} and the regex \s (Unicode White_Space).
bool isPunctuation(char32_t cp);
bool isWhiteSpace(char32_t cp);
bool isCjkIdeograph(char32_t cp);
bool isLetter(char32_t cp);
bool isNumber(char32_t cp);
bool isRegexWhiteSpace(char32_t cp);
const char* unicodeVersion();

} // namespace ae::unicode
