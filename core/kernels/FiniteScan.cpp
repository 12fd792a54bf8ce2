#include "FiniteScan.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace ae {

namespace {

constexpr std::uint32_t ExponentBits = 0x7f800000u; // all ones: inf (mantissa 0) or NaN

std::uint32_t bitsOf(const float* p)
{
    std::uint32_t bits;
    std::memcpy(&bits, p, sizeof bits);
    return bits;
}

// The first non-finite index in [begin, end), or -1: blocks of 4096 floats reduced with an
// unsigned max (vectorised), a block that holds one searched element by element.
std::int64_t firstNonFiniteIn(const float* data, std::int64_t begin, std::int64_t end)
{
    constexpr std::int64_t Block = 4096;
    for (std::int64_t first = begin; first < end; first += Block) {
        const std::int64_t last = std::min(end, first + Block);
        std::uint32_t widest = 0;
        for (std::int64_t i = first; i < last; ++i)
            widest = std::max(widest, bitsOf(data + i) & ExponentBits);
        if (widest != ExponentBits)
            continue;
        for (std::int64_t i = first; i < last; ++i)
            if ((bitsOf(data + i) & ExponentBits) == ExponentBits)
                return i;
    }
    return -1;
}

} // namespace

std::int64_t firstNonFinite(const float* data, std::int64_t n)
{
    // Large tensors in chunks on every core: reading a checkpoint's pages for the first time
    // costs more than the scan, and both cores fault pages in side by side.
    constexpr std::int64_t Chunk = std::int64_t(1) << 20; // 4 MB
    const std::int64_t chunks = (n + Chunk - 1) / Chunk;
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
#pragma omp parallel for schedule(dynamic) reduction(min : first) if (chunks > 1)
    for (std::int64_t c = 0; c < chunks; ++c) {
        const std::int64_t found = firstNonFiniteIn(data, c * Chunk, std::min(n, (c + 1) * Chunk));
        if (found >= 0)
            first = std::min(first, found);
    }
    return first == std::numeric_limits<std::int64_t>::max() ? -1 : first;
}

} // namespace ae
