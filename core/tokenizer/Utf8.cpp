#include "Utf8.h"

#include <utility>

namespace ae::utf8 {

char32_t next(std::string_view text, std::size_t& pos)
{
    constexpr char32_t replacement = 0xFFFD;
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(pos);
    if (lead < 0x80) {
        ++pos;
        return lead;
    }
    int length = 0;
    char32_t cp = 0;
    char32_t minimum = 0;
    if ((lead & 0xE0) == 0xC0) {
        length = 2, cp = lead & 0x1F, minimum = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, cp = lead & 0x0F, minimum = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, cp = lead & 0x07, minimum = 0x10000;
    } else {
        ++pos;
        return replacement;
    }
    if (pos + length > text.size()) {
        ++pos;
        return replacement;
    }
    for (int i = 1; i < length; ++i) {
        const unsigned char continuation = byte(pos + i);
        if ((continuation & 0xC0) != 0x80) {
            ++pos;
            return replacement;
        }
        cp = (cp << 6) | (continuation & 0x3F);
    }
    if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        ++pos;
        return replacement;
    }
    pos += length;
    return cp;
}

void append(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool isControl(char32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
}

bool isInvisible(char32_t cp)
{
    static constexpr std::pair<char32_t, char32_t> ranges[] = {
        {0x00AD, 0x00AD},   {0x034F, 0x034F}, {0x061C, 0x061C},   {0x115F, 0x1160},
        {0x17B4, 0x17B5},   {0x180B, 0x180F}, {0x200B, 0x200F},   {0x202A, 0x202E},
        {0x2060, 0x206F},   {0x3164, 0x3164}, {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF},
        {0xFFA0, 0xFFA0},   {0xFFF0, 0xFFF8}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A},
        {0xE0000, 0xE0FFF},
    };
    if (isControl(cp))
        return true;
    for (const auto& [first, last] : ranges)
        if (cp >= first && cp <= last)
            return true;
    return false;
}

bool isAllInvisible(std::string_view text)
{
    for (std::size_t pos = 0; pos < text.size();)
        if (!isInvisible(next(text, pos)))
            return false;
    return !text.empty();
}

} // namespace ae::utf8

namespace ae {

std::string utf8Lossy(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size());
    const auto at = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    for (std::size_t pos = 0; pos < bytes.size();) {
        const unsigned char lead = at(pos);
        int length = 0;
        unsigned char low = 0x80, high = 0xBF; // allowed range of the second byte
        if (lead < 0x80)
            length = 1;
        else if (lead >= 0xC2 && lead <= 0xDF)
            length = 2;
        else if (lead >= 0xE0 && lead <= 0xEF)
            length = 3, low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
        else if (lead >= 0xF0 && lead <= 0xF4)
            length = 4, low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
        // The valid prefix of a sequence (the "maximal subpart") is replaced as one U+FFFD.
        int valid = length > 0 ? 1 : 0;
        while (valid > 0 && valid < length && pos + std::size_t(valid) < bytes.size()) {
            const unsigned char c = at(pos + std::size_t(valid));
            const bool ok = valid == 1 ? (c >= low && c <= high) : (c >= 0x80 && c <= 0xBF);
            if (!ok)
                break;
            ++valid;
        }
        if (length > 0 && valid == length) {
            out.append(bytes.substr(pos, std::size_t(length)));
            pos += std::size_t(length);
        } else {
            out += "\xEF\xBF\xBD";
            pos += std::size_t(valid > 0 ? valid : 1);
        }
    }
    return out;
}

} // namespace ae
