#include "Softmax.h"

#include "HeadProducts.h" // detail::avx512Kernels()

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace ae {

namespace {

// ATen's vec::reduce_all(+) over a row of n floats (8-wide vectors): fewer than 8 are
// added left to right; otherwise lane l sums cells l, l+8, l+16, ... (the ragged tail
// joins lanes 0, 1, ...), then the lanes are added in order.
float laneSum(const float* e, std::int64_t n)
{
    if (n < 8) {
        float s = e[0];
        for (std::int64_t j = 1; j < n; ++j)
            s = s + e[j];
        return s;
    }
    float lanes[8];
    std::copy(e, e + 8, lanes);
    const std::int64_t full = n - n % 8;
    for (std::int64_t d = 8; d < full; d += 8)
        for (int l = 0; l < 8; ++l)
            lanes[l] = lanes[l] + e[d + l];
    for (std::int64_t l = 0; l < n - full; ++l)
        lanes[l] = lanes[l] + e[full + l];
    float s = lanes[0];
    for (int l = 1; l < 8; ++l)
        s = s + lanes[l];
    return s;
}

// ATen's sum(dim=-1) of one contiguous row shorter than 512 cells (cascade_sum below its
// first level): four interleaved partial sums (of 8-wide vectors from 8 cells on), the
// scalar tail summed separately, then combined in order.
float rowSum(const float* x, std::int64_t n)
{
    if (n < 8) {
        float p[4] = {0, 0, 0, 0};
        const std::int64_t groups = n / 4;
        for (std::int64_t i = 0; i < groups; ++i)
            for (int k = 0; k < 4; ++k)
                p[k] = p[k] + x[4 * i + k];
        for (std::int64_t i = groups * 4; i < n; ++i)
            p[0] = p[0] + x[i];
        return ((p[0] + p[1]) + p[2]) + p[3];
    }
    const std::int64_t vectors = n / 8;
    float p[4][8] = {};
    const std::int64_t groups = vectors / 4;
    auto addVector = [&](float* acc, std::int64_t v) {
        for (int l = 0; l < 8; ++l)
            acc[l] = acc[l] + x[8 * v + l];
    };
    for (std::int64_t i = 0; i < groups; ++i)
        for (int k = 0; k < 4; ++k)
            addVector(p[k], 4 * i + k);
    for (std::int64_t i = groups * 4; i < vectors; ++i)
        addVector(p[0], i);
    for (int k = 1; k < 4; ++k)
        for (int l = 0; l < 8; ++l)
            p[0][l] = p[0][l] + p[k][l];
    float total = 0;
    for (std::int64_t i = vectors * 8; i < n; ++i)
        total = total + x[i];
    for (int l = 0; l < 8; ++l)
        total = total + p[0][l];
    return total;
}

// Rows whose visible scores are not all finite take the careful path.
bool allFinite(const float* in, std::int64_t visible, float divisor)
{
    for (std::int64_t j = 0; j < visible; ++j)
        if (!std::isfinite(in[j] / divisor))
            return false;
    return true;
}

// Visible cells [first, last); the hidden ones are zeros in the whole row's lane sum.
void torchOrderSoftmax(const float* in, float* out, std::int64_t n, std::int64_t first,
                       std::int64_t last, float divisor)
{
    float maximum = in[first] / divisor;
    for (std::int64_t j = first; j < last; ++j) {
        out[j] = in[j] / divisor;
        maximum = std::max(maximum, out[j]);
    }
    for (std::int64_t j = first; j < last; ++j)
        out[j] = std::exp(out[j] - maximum);
    std::fill(out, out + first, 0.0f);
    std::fill(out + last, out + n, 0.0f);
    const float inverse = 1.0f / laneSum(out, n);
    for (std::int64_t j = first; j < last; ++j)
        out[j] = out[j] * inverse;
}

namespace pk = Eigen::internal;
using Packet = pk::packet_traits<float>::type;
constexpr std::int64_t Lanes = pk::packet_traits<float>::size;
constexpr float ExpPacketLow = -87.0f; // exp(-87) = 1.6e-38 is still a normal float

// The lanes of x below ExpPacketLow, where Eigen's vectorised exp flushes subnormal results
// to 0, by glibc's exp; the others as in e. Out of line: rare, and it keeps guardedExp small
// enough to inline.
[[gnu::noinline]] Packet expLowLanes(const Packet& x, const Packet& e)
{
    alignas(64) float in[Lanes], out[Lanes];
    pk::pstore(in, x);
    pk::pstore(out, e);
    for (std::int64_t j = 0; j < Lanes; ++j)
        if (in[j] < ExpPacketLow)
            out[j] = std::exp(in[j]);
    return pk::pload<Packet>(out);
}

// exp of every lane.
inline Packet guardedExp(const Packet& x)
{
    const Packet e = pk::pexp(x);
    if (pk::predux_any(pk::pcmp_lt(x, pk::pset1<Packet>(ExpPacketLow)))) [[unlikely]]
        return expLowLanes(x, e);
    return e;
}

} // namespace

// Vectorised on Eigen's packets, in three passes over the row (all in L1): the scaled scores'
// maximum; exp of each scaled score less the maximum, stored and summed lane by lane (a packet of
// lanes, the tail padded with zeros, then the lanes added: a fixed order); the scaling by 1 / sum.
// Every step is element-wise or a sum in a fixed order, so a row gives the same bits wherever it is
// stored and whichever thread computes it. Returns false (leaving `out` scratch) for rows the
// careful path must take: a +inf or NaN score, or nothing finite. -inf cells need no care:
// their exp is 0.
bool detail::fastSoftmaxPackets(const float* in, float* out, long visible, float divisor)
{
    constexpr float infinity = std::numeric_limits<float>::infinity();
    const float scale = 1.0f / divisor; // 1 when divisor is 1: x · 1 = x
    const Packet packetScale = pk::pset1<Packet>(scale);
    // Pass 1 (a max reduction over one variable stays scalar without -ffast-math; a maximum is
    // the same in any order): the maximum, and whether any scaled score is NaN.
    Packet packetMax = pk::pset1<Packet>(-infinity);
    Packet packetNumbers = pk::ptrue(packetMax); // a lane's bits all ones while it met no NaN
    std::int64_t i = 0;
    for (; i + Lanes <= visible; i += Lanes) {
        const Packet x = pk::pmul(pk::ploadu<Packet>(in + i), packetScale);
        packetMax = pk::pmax(packetMax, x);
        packetNumbers = pk::pand(packetNumbers, pk::pcmp_eq(x, x));
    }
    float maximum = i > 0 ? pk::predux_max(packetMax) : -infinity;
    bool nan = false;
    if (i > 0) {
        float numbers[Lanes];
        pk::pstoreu(numbers, packetNumbers);
        for (const float lane : numbers) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &lane, sizeof bits);
            nan = nan || bits != ~std::uint32_t(0);
        }
    }
    for (std::int64_t j = i; j < visible; ++j) {
        const float x = in[j] * scale;
        maximum = std::max(maximum, x);
        nan = nan || std::isnan(x);
    }
    if (nan || !(maximum < infinity) || maximum == -infinity)
        return false;
    // Pass 2: the exponentials and their sum.
    const Packet packetMaximum = pk::pset1<Packet>(maximum);
    Packet lanes = pk::pzero(packetMax);
    for (i = 0; i + Lanes <= visible; i += Lanes) {
        const Packet e =
            guardedExp(pk::psub(pk::pmul(pk::ploadu<Packet>(in + i), packetScale), packetMaximum));
        pk::pstoreu(out + i, e);
        lanes = pk::padd(lanes, e);
    }
    if (i < visible) {
        alignas(64) float tail[Lanes] = {};
        for (std::int64_t j = i; j < visible; ++j)
            tail[j - i] = in[j] * scale - maximum;
        pk::pstore(tail, guardedExp(pk::pload<Packet>(tail)));
        std::fill(tail + (visible - i), tail + Lanes, 0.0f);
        std::copy(tail, tail + (visible - i), out + i);
        lanes = pk::padd(lanes, pk::pload<Packet>(tail));
    }
    const float sum = pk::predux(lanes);
    if (!(sum >= 1.0f && sum < infinity)) // the max's own term is exp(0) = 1; NaN fails too
        return false;
    // Pass 3.
    const float inverse = 1.0f / sum;
    const Packet packetInverse = pk::pset1<Packet>(inverse);
    for (i = 0; i + Lanes <= visible; i += Lanes)
        pk::pstoreu(out + i, pk::pmul(pk::ploadu<Packet>(out + i), packetInverse));
    for (; i < visible; ++i)
        out[i] = out[i] * inverse;
    return true;
}

namespace {

// On a CPU with AVX-512, SoftmaxAvx512.cpp's kernels, whatever the build's flags: a portable
// build's packets (the package's) are 4 lanes wide. They compute the bits that these packets
// compute in a native AVX-512 build.
bool fastSoftmax(const float* in, float* out, std::int64_t visible, float divisor)
{
    return detail::avx512Kernels() ? detail::fastSoftmaxAvx512(in, out, visible, divisor)
                                   : detail::fastSoftmaxPackets(in, out, visible, divisor);
}

void carefulSoftmax(const float* in, float* out, std::int64_t visible, float divisor)
{
    constexpr float infinity = std::numeric_limits<float>::infinity();
    float maximum = -infinity;
    for (std::int64_t j = 0; j < visible; ++j) {
        const float x = in[j] / divisor;
        out[j] = std::isnan(x) ? -infinity : x;
        maximum = std::fmax(maximum, out[j]);
    }
    if (maximum == -infinity) { // nothing visible: an empty row, not 0/0
        std::fill(out, out + visible, 0.0f);
        return;
    }
    float sum = 0;
    for (std::int64_t j = 0; j < visible; ++j) {
        out[j] =
            maximum == infinity ? (out[j] == infinity ? 1.0f : 0.0f) : std::exp(out[j] - maximum);
        sum += out[j];
    }
    const float inverseSum = 1.0f / sum;
    for (std::int64_t j = 0; j < visible; ++j)
        out[j] *= inverseSum;
}

} // namespace

namespace detail {

long packetLanes()
{
    return Lanes;
}

#ifndef AE_HAVE_AVX512_KERNELS
// Never called (avx512Kernels() is false): the declarations need a definition to link.
bool fastSoftmaxAvx512(const float*, float*, long, float)
{
    return false;
}
void packetExpAvx512(float*, long) {}
#endif

} // namespace detail

void packetExp(float* x, std::int64_t n)
{
    if (detail::avx512Kernels()) // as fastSoftmax
        detail::packetExpAvx512(x, n);
    else
        detail::packetExpPackets(x, n);
}

void detail::packetExpPackets(float* x, long n)
{
    long start = 0;
    for (; start + Lanes <= n; start += Lanes)
        pk::pstoreu(x + start, guardedExp(pk::ploadu<Packet>(x + start)));
    if (start < n) {
        alignas(64) float tail[Lanes] = {};
        std::copy(x + start, x + n, tail);
        pk::pstore(tail, guardedExp(pk::pload<Packet>(tail)));
        std::copy(tail, tail + (n - start), x + start);
    }
}

void softmaxRow(const float* in, float* out, std::int64_t n, std::int64_t visible, float divisor,
                Arithmetic arithmetic)
{
    softmaxRowRange(in, out, n, 0, visible, divisor, arithmetic);
}

void renormalizedSoftmaxRow(const float* in, float* out, std::int64_t n, std::int64_t visible,
                            float divisor, Arithmetic arithmetic)
{
    renormalizedSoftmaxRowRange(in, out, n, 0, visible, divisor, arithmetic);
}

void softmaxRowRange(const float* in, float* out, std::int64_t n, std::int64_t first,
                     std::int64_t last, float divisor, Arithmetic arithmetic)
{
    first = std::clamp<std::int64_t>(first, 0, n);
    last = std::clamp<std::int64_t>(last, first, n);
    const std::int64_t visible = last - first;
    if (visible == 0)
        std::fill(out, out + n, 0.0f);
    else if (arithmetic == Arithmetic::TorchOrder && allFinite(in + first, visible, divisor))
        torchOrderSoftmax(in, out, n, first, last, divisor);
    else if (arithmetic == Arithmetic::TorchOrder ||
             !fastSoftmax(in + first, out + first, visible, divisor))
        carefulSoftmax(in + first, out + first, visible, divisor);
    std::fill(out, out + first, 0.0f);
    std::fill(out + last, out + n, 0.0f);
}

void renormalizedSoftmaxRowRange(const float* in, float* out, std::int64_t n, std::int64_t first,
                                 std::int64_t last, float divisor, Arithmetic arithmetic)
{
    first = std::clamp<std::int64_t>(first, 0, n);
    last = std::clamp<std::int64_t>(last, first, n);
    softmaxRow(in, out, n, n, divisor, arithmetic);
    std::fill(out, out + first, 0.0f);
    std::fill(out + last, out + n, 0.0f);
    if (last == first)
        return;
    const float sum =
        arithmetic == Arithmetic::TorchOrder ? rowSum(out, n) : laneSum(out + first, last - first);
    if (sum > 0)
        for (std::int64_t j = first; j < last; ++j)
            out[j] = out[j] / sum;
    else
        std::fill(out + first, out + last, 0.0f);
}

} // namespace ae
