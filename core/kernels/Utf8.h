#pragma once

#include <string>
#include <string_view>

namespace ae::utf8 {

// Decodes the code point at text[pos] and advances pos. Malformed or truncated
// sequences, overlong forms and surrogates decode as U+FFFD, one byte at a time,
// so any byte string can be tokenized.
char32_t next(std::string_view text, std::size_t& pos);

void append(std::string& out, char32_t cp);

} // namespace ae::utf8
