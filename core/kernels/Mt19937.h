#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

namespace ae {

// The 32-bit Mersenne Twister exactly as PyTorch's CPU generator runs it
// (at::mt19937): seeded from the low 32 bits of the seed, standard tempering.
// discard() skips whole blocks by twisting without tempering, which is what makes
// drawing a few rows of a 50000-row embedding table cheap.
class Mt19937
{
public:
    static constexpr int StateSize = 624;

    explicit Mt19937(std::uint64_t seed = 5489) { reseed(seed); }

    void reseed(std::uint64_t seed)
    {
        m_state[0] = static_cast<std::uint32_t>(seed & 0xffffffffu);
        for (std::uint32_t j = 1; j < StateSize; ++j)
            m_state[j] = 1812433253u * (m_state[j - 1] ^ (m_state[j - 1] >> 30)) + j;
        m_index = StateSize;
    }

    std::uint32_t operator()()
    {
        if (m_index >= StateSize)
            twist();
        std::uint32_t y = m_state[m_index++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        return y;
    }

    void discard(std::uint64_t count)
    {
        while (count > 0) {
            if (m_index >= StateSize)
                twist();
            const auto step = std::min<std::uint64_t>(count, StateSize - m_index);
            m_index += static_cast<int>(step);
            count -= step;
        }
    }

private:
    void twist()
    {
        constexpr int M = 397;
        auto mix = [](std::uint32_t upper, std::uint32_t lower, std::uint32_t far) {
            const std::uint32_t y = (upper & 0x80000000u) | (lower & 0x7fffffffu);
            return far ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        };
        int i = 0;
        for (; i < StateSize - M; ++i)
            m_state[i] = mix(m_state[i], m_state[i + 1], m_state[i + M]);
        for (; i < StateSize - 1; ++i)
            m_state[i] = mix(m_state[i], m_state[i + 1], m_state[i + M - StateSize]);
        m_state[StateSize - 1] = mix(m_state[StateSize - 1], m_state[0], m_state[M - 1]);
        m_index = 0;
    }

    std::array<std::uint32_t, StateSize> m_state{};
    int m_index = StateSize;
};

} // namespace ae
