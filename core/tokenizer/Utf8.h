#pragma once

#include <string>
#include <string_view>

namespace ae::utf8 {

// Decodes the code point at text[pos] and advances pos. Malformed or truncated
// sequences, overlong forms and surrogates decode as U+FFFD, one byte at a time,
// so any byte string can be tokenized.
char32_t next(std::string_view text, std::size_t& pos);

void append(std::string& out, char32_t cp);

// A control character (Cc: U+0000-U+001F, U+007F-U+009F).
bool isControl(char32_t cp);
// A code point that draws nothing on its own: the default-ignorable ones (zero-width
// space and joiners, U+FEFF, soft hyphen, bidi marks, variation selectors, tags, Hangul
// fillers) and the controls. A token made only of these would be an invisible label.
bool isInvisible(char32_t cp);
// True when every code point of `text` is invisible (and it is not empty).
bool isAllInvisible(std::string_view text);

} // namespace ae::utf8

namespace ae {

// Bytes decoded as UTF-8, each maximal invalid subsequence replaced by one U+FFFD, as Python's
// bytes.decode("utf-8", "replace").
std::string utf8Lossy(std::string_view bytes);

} // namespace ae
