#include "TorchGenerator.h"

#include "CephesMath.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

namespace ae {

TorchGenerator::TorchGenerator(std::uint64_t seed, CpuCapability capability)
    : m_capability(capability)
{
    manualSeed(seed);
}

void TorchGenerator::manualSeed(std::uint64_t seed)
{
    m_engine.reseed(seed);
    m_nextDoubleNormal.reset();
}

std::uint32_t TorchGenerator::random()
{
    return m_engine();
}

std::uint64_t TorchGenerator::random64()
{
    const std::uint64_t hi = m_engine();
    const std::uint64_t lo = m_engine();
    return (hi << 32) | lo;
}

float TorchGenerator::uniformFloat(float from, float to)
{
    constexpr std::uint32_t mask = (1u << 24) - 1;
    const float x = static_cast<float>(random() & mask) * (1.0f / (1u << 24));
    // ATen's AVX2 build of this kernel fuses the multiply-add; the portable one does not.
    if (m_capability == CpuCapability::Avx2)
        return std::fma(x, to - from, from);
    return x * (to - from) + from;
}

double TorchGenerator::uniformDouble()
{
    constexpr std::uint64_t mask = (std::uint64_t{1} << 53) - 1;
    return static_cast<double>(random64() & mask) *
           (1.0 / static_cast<double>(std::uint64_t{1} << 53));
}

void TorchGenerator::uniform(std::span<float> out, float from, float to)
{
    for (float& value : out)
        value = uniformFloat(from, to);
}

double TorchGenerator::normalDouble(double mean, double std)
{
    if (m_nextDoubleNormal) {
        const double cached = *m_nextDoubleNormal;
        m_nextDoubleNormal.reset();
        return cached * std + mean;
    }
    const double u1 = uniformDouble();
    const double u2 = uniformDouble();
    const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
    const double theta = 2.0 * std::numbers::pi * u1;
    m_nextDoubleNormal = r * std::sin(theta);
    return r * std::cos(theta) * std + mean;
}

void TorchGenerator::normalBlock16(float* data, float mean, float std) const
{
    if (m_capability == CpuCapability::Default) {
        for (int j = 0; j < 8; ++j) {
            const float u1 = 1.0f - data[j]; // [0, 1) -> (0, 1] for the log
            const float u2 = data[j + 8];
            const float radius = std::sqrt(-2.0f * std::log(u1));
            const auto theta = static_cast<float>(2.0 * std::numbers::pi * static_cast<double>(u2));
            data[j] = radius * std::cos(theta) * std + mean;
            data[j + 8] = radius * std::sin(theta) * std + mean;
        }
        return;
    }
    const float twoPi = static_cast<float>(2.0f * std::numbers::pi);
    for (int j = 0; j < 8; ++j) {
        const float u1 = 1.0f - data[j]; // [0, 1) -> (0, 1] for the log
        const float u2 = data[j + 8];
        const float radius = std::sqrt(-2.0f * cephes::logf(u1));
        float sine = 0.0f;
        float cosine = 0.0f;
        cephes::sincosf(twoPi * u2, &sine, &cosine);
        data[j] = std::fma(radius * cosine, std, mean);
        data[j + 8] = std::fma(radius * sine, std, mean);
    }
}

void TorchGenerator::normal(std::span<float> out, float mean, float std)
{
    const std::size_t size = out.size();
    if (size < 16) {
        for (float& value : out)
            value = static_cast<float>(normalDouble(mean, std));
        return;
    }
    for (float& value : out)
        value = uniformFloat(0.0f, 1.0f);
    for (std::size_t i = 0; i + 16 <= size; i += 16)
        normalBlock16(out.data() + i, mean, std);
    if (size % 16 != 0) {
        float* tail = out.data() + size - 16;
        for (int i = 0; i < 16; ++i)
            tail[i] = uniformFloat(0.0f, 1.0f);
        normalBlock16(tail, mean, std);
    }
}

Matrix TorchGenerator::normalRows(std::int64_t rows, std::int64_t cols,
                                  std::span<const std::int64_t> rowIds, float mean, float std)
{
    Matrix result(static_cast<Eigen::Index>(rowIds.size()), static_cast<Eigen::Index>(cols));
    const std::int64_t size = rows * cols;
    if (size < 16) {
        std::vector<float> all(static_cast<std::size_t>(size));
        normal(all, mean, std);
        for (std::size_t r = 0; r < rowIds.size(); ++r)
            for (std::int64_t c = 0; c < cols; ++c)
                result(static_cast<Eigen::Index>(r), c) = all[rowIds[r] * cols + c];
        return result;
    }

    // Which 16-blocks of the stream hold the requested elements. With a ragged size the
    // last 16 elements come from a "tail" block of fresh draws after all the others.
    const bool ragged = size % 16 != 0;
    const std::int64_t tailStart = size - 16;
    std::vector<std::int64_t> neededBlocks;
    for (const std::int64_t row : rowIds)
        for (std::int64_t e = row * cols; e < (row + 1) * cols; ++e)
            if (!ragged || e < tailStart)
                neededBlocks.push_back(e / 16);
    std::sort(neededBlocks.begin(), neededBlocks.end());
    neededBlocks.erase(std::unique(neededBlocks.begin(), neededBlocks.end()), neededBlocks.end());

    std::vector<std::array<float, 16>> blocks(neededBlocks.size());
    std::int64_t position = 0; // draws consumed since the fill started
    for (std::size_t k = 0; k < neededBlocks.size(); ++k) {
        const std::int64_t b = neededBlocks[k];
        discard(static_cast<std::uint64_t>(b * 16 - position));
        for (float& value : blocks[k])
            value = uniformFloat(0.0f, 1.0f);
        normalBlock16(blocks[k].data(), mean, std);
        position = (b + 1) * 16;
    }
    discard(static_cast<std::uint64_t>(size - position));
    std::array<float, 16> tail{};
    if (ragged) {
        for (float& value : tail)
            value = uniformFloat(0.0f, 1.0f);
        normalBlock16(tail.data(), mean, std);
    }

    auto element = [&](std::int64_t e) {
        if (ragged && e >= tailStart)
            return tail[static_cast<std::size_t>(e - tailStart)];
        const auto k = std::lower_bound(neededBlocks.begin(), neededBlocks.end(), e / 16) -
                       neededBlocks.begin();
        return blocks[static_cast<std::size_t>(k)][static_cast<std::size_t>(e % 16)];
    };
    for (std::size_t r = 0; r < rowIds.size(); ++r)
        for (std::int64_t c = 0; c < cols; ++c)
            result(static_cast<Eigen::Index>(r), c) = element(rowIds[r] * cols + c);
    return result;
}

void TorchGenerator::bernoulli(std::span<float> out, double p)
{
    for (float& value : out)
        value = uniformDouble() < p ? 1.0f : 0.0f;
}

std::int64_t TorchGenerator::randint(std::int64_t low, std::int64_t high)
{
    const auto range = static_cast<std::uint64_t>(high - low);
    if (range >= (std::uint64_t{1} << 32))
        return static_cast<std::int64_t>(random64() % range) + low;
    return static_cast<std::int64_t>(random() % range) + low;
}

std::vector<std::int64_t> TorchGenerator::randperm(std::int64_t n)
{
    std::vector<std::int64_t> perm(std::size_t(std::max<std::int64_t>(n, 0)));
    for (std::int64_t i = 0; i < n; ++i)
        perm[std::size_t(i)] = i;
    for (std::int64_t i = 0; i + 1 < n; ++i) {
        const auto z = std::int64_t(random() % std::uint64_t(n - i));
        std::swap(perm[std::size_t(i)], perm[std::size_t(z + i)]);
    }
    return perm;
}

std::int64_t TorchGenerator::multinomialOne(std::span<const float> probs)
{
    std::int64_t best = 0;
    float bestRatio = -1;
    for (std::size_t i = 0; i < probs.size(); ++i) {
        // ATen's exponential_ on float: the double transform, then the cast.
        const auto q = static_cast<float>(-std::log(1.0 - uniformDouble()));
        const float ratio = probs[i] / q;
        if (ratio > bestRatio) { // argmax: the first of equal values
            bestRatio = ratio;
            best = std::int64_t(i);
        }
    }
    return best;
}

} // namespace ae
