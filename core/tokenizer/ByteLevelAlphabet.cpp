#include "ByteLevelAlphabet.h"

#include <array>

namespace ae {

namespace {

std::array<char32_t, 256> byteToUnicodeTable()
{
    std::array<char32_t, 256> table{};
    char32_t next = 256;
    for (int b = 0; b < 256; ++b) {
        const bool printable =
            (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        table[b] = printable ? char32_t(b) : next++;
    }
    return table;
}

// The inverse map, indexed by code point (all of them are below U+0144).
std::array<int, 324> unicodeToByteTable()
{
    std::array<int, 324> table{};
    table.fill(-1);
    const auto forward = byteToUnicodeTable();
    for (int b = 0; b < 256; ++b)
        table[forward[b]] = b;
    return table;
}

} // namespace

char32_t gpt2ByteToUnicode(unsigned char byte)
{
    static const auto table = byteToUnicodeTable();
    return table[byte];
}

int gpt2UnicodeToByte(char32_t cp)
{
    static const auto table = unicodeToByteTable();
    return cp < table.size() ? table[cp] : -1;
}

} // namespace ae
