#pragma once

#include <string>
#include <string_view>

namespace ae {

// Unicode Normalization Form C of valid UTF-8 (utf8proc), as a tokenizer.json's NFC
// normalizer: "e" + U+0301 becomes "é". ASCII is returned as it is without calling utf8proc.
std::string nfc(std::string_view text);

} // namespace ae
