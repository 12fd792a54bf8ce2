#include "TokenDisplay.h"

#include "UnicodeTables.h"
#include "Utf8.h"

namespace ae {

namespace {

constexpr char HexDigits[] = "0123456789ABCDEF";

void appendHexBytes(std::string& out, std::string_view bytes)
{
    out += '<';
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto byte = static_cast<unsigned char>(bytes[i]);
        if (i > 0)
            out += ' ';
        out += HexDigits[byte >> 4];
        out += HexDigits[byte & 0xF];
    }
    out += '>';
}

void appendCodePoint(std::string& out, char32_t cp)
{
    out += "\u27E8U+"; // ⟨
    int digits = 4;
    while (digits < 6 && (cp >> (4 * digits)) != 0)
        ++digits;
    for (int d = digits - 1; d >= 0; --d)
        out += HexDigits[(cp >> (4 * d)) & 0xF];
    out += "\u27E9"; // ⟩
}

// Code points that modify the one before them: the zero-width joiner, variation selectors,
// tags (flag sequences) and Mongolian free variation selectors.
bool modifiesPrevious(char32_t cp)
{
    return cp == 0x200D || (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0020 && cp <= 0xE007F) ||
           (cp >= 0xE0100 && cp <= 0xE01EF) || (cp >= 0x180B && cp <= 0x180D) || cp == 0x180F;
}

} // namespace

std::string displayTokenText(std::string_view bytes)
{
    std::string out;
    std::size_t invalidStart = std::string_view::npos;
    auto flushInvalid = [&](std::size_t end) {
        if (invalidStart != std::string_view::npos)
            appendHexBytes(out, bytes.substr(invalidStart, end - invalidStart));
        invalidStart = std::string_view::npos;
    };
    bool afterVisible = false; // the previous code point was drawn as itself
    for (std::size_t pos = 0; pos < bytes.size();) {
        const std::size_t start = pos;
        const char32_t cp = utf8::next(bytes, pos);
        // utf8::next() decodes a malformed byte as U+FFFD; a real U+FFFD is EF BF BD.
        if (cp == 0xFFFD && bytes.substr(start, 3) != "\xEF\xBF\xBD") {
            if (invalidStart == std::string_view::npos)
                invalidStart = start;
            afterVisible = false;
            continue;
        }
        flushInvalid(start);
        const bool visible = afterVisible && modifiesPrevious(cp);
        afterVisible = false;
        if (cp == U' ') {
            out += "\u2423";
        } else if (cp == U'\t') {
            out += "\u2409";
        } else if (cp == U'\n') {
            out += "\u23CE";
        } else if (cp == U'\r') {
            out += "\u240D";
        } else if (!visible && (utf8::isInvisible(cp) || unicode::isRegexWhiteSpace(cp))) {
            appendCodePoint(out, cp);
        } else {
            out.append(bytes.substr(start, pos - start));
            afterVisible = true;
        }
    }
    flushInvalid(bytes.size());
    return out;
}

} // namespace ae
