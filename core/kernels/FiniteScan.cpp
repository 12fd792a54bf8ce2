#include "FiniteScan.h"

#include <algorithm>
#include <cstring>

namespace ae {

namespace {

constexpr std::uint32_t ExponentBits = 0x7f800000u; // all ones: inf (mantissa 0) or NaN

std::uint32_t bitsOf(const float* p)
{
    std::uint32_t bits;
    std::memcpy(&bits, p, sizeof bits);
    return bits;
}

} // namespace

std::int64_t firstNonFinite(const float* data, std::int64_t n)
{
    constexpr std::int64_t Block = 4096;
    for (std::int64_t begin = 0; begin < n; begin += Block) {
        const std::int64_t end = std::min(n, begin + Block);
        std::uint32_t widest = 0;
        for (std::int64_t i = begin; i < end; ++i)
            widest = std::max(widest, bitsOf(data + i) & ExponentBits);
        if (widest != ExponentBits)
            continue;
        for (std::int64_t i = begin; i < end; ++i)
            if ((bitsOf(data + i) & ExponentBits) == ExponentBits)
                return i;
    }
    return -1;
}

} // namespace ae
