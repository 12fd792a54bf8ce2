#include "Gpt2Tokens.h"

#include <array>

namespace ae {

namespace {

// bytes_to_unicode's order: the printable bytes '!'..'~', '¡'..'¬', '®'..'ÿ' first
// (ids 0..187), then the others in ascending order (ids 188..255; the space is 220).
constexpr std::array<std::int64_t, 256> byteIds()
{
    std::array<std::int64_t, 256> ids{};
    std::int64_t next = 0;
    auto printable = [](int b) {
        return (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
    };
    for (int b = 0; b < 256; ++b)
        if (printable(b))
            ids[std::size_t(b)] = next++;
    for (int b = 0; b < 256; ++b)
        if (!printable(b))
            ids[std::size_t(b)] = next++;
    return ids;
}

constexpr std::array<std::int64_t, 256> ByteIds = byteIds();

std::string byteText(unsigned char byte)
{
    // A lone byte above 0x7F is never complete UTF-8: shown as U+FFFD.
    return byte < 0x80 ? std::string(1, char(byte)) : std::string("\xEF\xBF\xBD");
}

} // namespace

Gpt2Tokens gpt2Encode(std::string_view text)
{
    Gpt2Tokens out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        out.ids.push_back(ByteIds[byte]);
        out.tokens.push_back(byteText(byte));
    }
    return out;
}

std::string gpt2TokenText(std::int64_t id)
{
    for (int b = 0; b < 256; ++b)
        if (ByteIds[std::size_t(b)] == id)
            return byteText(static_cast<unsigned char>(b));
    return "<id " + std::to_string(id) + ">";
}

} // namespace ae
