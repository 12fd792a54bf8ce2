#include "CephesMath.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace ae::cephes {

namespace {
float fromBits(std::uint32_t u)
{
    return std::bit_cast<float>(u);
}
std::uint32_t toBits(float f)
{
    return std::bit_cast<std::uint32_t>(f);
}
} // namespace

// Natural log for x > 0: split x = m * 2^e with m in [sqrt(1/2), sqrt(2)), then a
// degree-9 polynomial in (m - 1) and e * ln2 added in two parts (q2 + q1) for precision.
float logf(float x)
{
    constexpr float p[] = {7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                           -1.2420140846E-1f, +1.4249322787E-1f, -1.6668057665E-1f,
                           +2.0000714765E-1f, -2.4999993993E-1f, +3.3333331174E-1f};
    constexpr float sqrtHalf = 0.707106781186547524f;
    constexpr float q1 = -2.12194440e-4f;
    constexpr float q2 = 0.693359375f;

    x = std::fmax(x, fromBits(0x00800000u)); // denormals are cut off, as in the SIMD code
    const std::uint32_t bits = toBits(x);
    float e = static_cast<float>(static_cast<std::int32_t>(bits >> 23) - 0x7f) + 1.0f;
    x = fromBits((bits & ~0x7f800000u) | toBits(0.5f));

    const bool small = x < sqrtHalf;
    const float extra = small ? x : 0.0f;
    x = x - 1.0f;
    e = e - (small ? 1.0f : 0.0f);
    x = x + extra;

    const float z = x * x;
    float y = p[0];
    for (int i = 1; i < 9; ++i)
        y = std::fma(y, x, p[i]);
    y = y * x;
    y = std::fma(y, z, e * q1);
    y = y - z * 0.5f;
    x = x + y;
    return std::fma(e, q2, x);
}

// sin and cos together: reduce by multiples of pi/4 (three-part pi for precision),
// evaluate the sine and cosine polynomials, pick and sign them by octant.
void sincosf(float xIn, float* sine, float* cosine)
{
    constexpr float fourOverPi = 1.27323954473516f;
    constexpr float dp1 = -0.78515625f;
    constexpr float dp2 = -2.4187564849853515625e-4f;
    constexpr float dp3 = -3.77489497744594108e-8f;

    const std::uint32_t inBits = toBits(xIn);
    std::uint32_t signSin = inBits & 0x80000000u;
    float x = fromBits(inBits & 0x7fffffffu);

    std::int32_t j = static_cast<std::int32_t>(x * fourOverPi);
    j = (j + 1) & ~1;
    const float y = static_cast<float>(j);
    const std::uint32_t swapSin = static_cast<std::uint32_t>(j & 4) << 29;
    const bool sinIsPoly2 = (j & 2) == 0;
    const std::uint32_t signCos = static_cast<std::uint32_t>(~(j - 2) & 4) << 29;
    signSin ^= swapSin;

    x = x + y * dp1;
    x = x + y * dp2;
    x = x + y * dp3;

    const float z = x * x;
    float c = 2.443315711809948E-005f;
    c = std::fma(c, z, -1.388731625493765E-003f);
    c = std::fma(c, z, 4.166664568298827E-002f);
    c = c * z;
    c = std::fma(c, z, -(z * 0.5f));
    c = c + 1.0f;

    float s = -1.9515295891E-4f;
    s = std::fma(s, z, 8.3321608736E-3f);
    s = std::fma(s, z, -1.6666654611E-1f);
    s = s * z;
    s = std::fma(s, x, x);

    const float sinValue = sinIsPoly2 ? s : c;
    const float cosValue = sinIsPoly2 ? c : s;
    *sine = fromBits(toBits(sinValue) ^ signSin);
    *cosine = fromBits(toBits(cosValue) ^ signCos);
}

} // namespace ae::cephes
