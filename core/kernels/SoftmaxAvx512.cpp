// The fast softmax and exp of Softmax.h on AVX-512 (16 lanes), for a build without
// -march=native on a CPU that has it (checked at run time, detail::avx512Kernels()). The
// operations are those of Softmax.cpp's Eigen packets in a native AVX-512 build, in the same
// order: Eigen 3.4's pexp<Packet16f> (Cephes' polynomial, fused multiply-adds), the lanes
// reduced as its predux<Packet16f> reduces them; so a row gets the same bits from either
// build on the same CPU (tst_softmaxsubnormal). Raw intrinsics, no Eigen, no inline function
// from a header: this file is compiled with -mavx512f -mfma, and the linker must not keep an
// AVX-512 copy of a function that portable code shares.
#include <immintrin.h>
#include <math.h>

namespace ae::detail {

namespace {

constexpr float ExpPacketLow = -87.0f; // Softmax.cpp's: exp(-87) is still a normal float

// Eigen's pexp<Packet16f>: exp(x) = 2^m · exp(r), m = floor(x / ln 2 + 1/2), r = x - m ln 2.
[[gnu::always_inline]] inline __m512 cephesExp(__m512 input)
{
    const __m512 one = _mm512_set1_ps(1.0f);
    const __m512 x = _mm512_max_ps(_mm512_set1_ps(-88.3762626647949f),
                                   _mm512_min_ps(_mm512_set1_ps(88.3762626647950f), input));
    const __m512 m = _mm512_roundscale_ps(
        _mm512_fmadd_ps(x, _mm512_set1_ps(1.44269504088896341f), _mm512_set1_ps(0.5f)),
        _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m512 r = _mm512_fmadd_ps(m, _mm512_set1_ps(-0.6931471805599453f), x);
    const __m512 r2 = _mm512_mul_ps(r, r);
    const __m512 r3 = _mm512_mul_ps(r2, r);
    __m512 y =
        _mm512_fmadd_ps(_mm512_set1_ps(1.9875691500E-4f), r, _mm512_set1_ps(1.3981999507E-3f));
    __m512 y1 =
        _mm512_fmadd_ps(_mm512_set1_ps(4.1665795894E-2f), r, _mm512_set1_ps(1.6666665459E-1f));
    const __m512 y2 = _mm512_add_ps(r, one);
    y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(8.3334519073E-3f));
    y1 = _mm512_fmadd_ps(y1, r, _mm512_set1_ps(5.0000001201E-1f));
    y = _mm512_fmadd_ps(y, r3, y1);
    y = _mm512_fmadd_ps(y, r2, y2);
    const __m512i power =
        _mm512_slli_epi32(_mm512_cvttps_epi32(_mm512_add_ps(m, _mm512_set1_ps(127.0f))), 23);
    return _mm512_max_ps(input, _mm512_mul_ps(y, _mm512_castsi512_ps(power)));
}

// The lanes of `low` by glibc's expf, the others e's. Out of line: rare, and kept out of
// guardedExp it lets that inline into its loops (called per packet, its 12 constants were
// loaded again for every 16 lanes: 3.3 % of the seed module's forward at 1,024 tokens).
[[gnu::noinline]] __m512 expLowLanes(__m512 x, __m512 e, __mmask16 low)
{
    alignas(64) float in[16], out[16];
    _mm512_store_ps(in, x);
    _mm512_store_ps(out, e);
    for (int j = 0; j < 16; ++j)
        if ((low >> j) & 1)
            out[j] = expf(in[j]);
    return _mm512_load_ps(out);
}

// exp of every lane; below ExpPacketLow, where the polynomial flushes subnormal results to 0,
// glibc's expf (PyTorch's results there, to the bit), as Softmax.cpp's guardedExp.
[[gnu::always_inline]] inline __m512 guardedExp(__m512 x)
{
    const __m512 e = cephesExp(x);
    const __mmask16 low = _mm512_cmp_ps_mask(x, _mm512_set1_ps(ExpPacketLow), _CMP_LT_OQ);
    if (low == 0) [[likely]]
        return e;
    return expLowLanes(x, e, low);
}

// Eigen's predux<Packet16f> with AVX512DQ: the halves added, then the quarters, then lanes
// {0, 2} and {1, 3}, then those two.
float laneTotal(__m512 lanes)
{
    const __m256 eight =
        _mm256_add_ps(_mm512_castps512_ps256(lanes),
                      _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(lanes), 1)));
    const __m128 four = _mm_add_ps(_mm256_castps256_ps128(eight), _mm256_extractf128_ps(eight, 1));
    const __m128 two = _mm_add_ps(four, _mm_movehl_ps(four, four));
    return _mm_cvtss_f32(_mm_add_ss(two, _mm_shuffle_ps(two, two, 1)));
}

} // namespace

void packetExpAvx512(float* x, long n)
{
    long start = 0;
    for (; start + 16 <= n; start += 16)
        _mm512_storeu_ps(x + start, guardedExp(_mm512_loadu_ps(x + start)));
    if (start < n) {
        const __mmask16 tail = __mmask16((1u << (n - start)) - 1);
        // Lanes past the end read as 0 (exp 1) and are not written.
        _mm512_mask_storeu_ps(x + start, tail, guardedExp(_mm512_maskz_loadu_ps(tail, x + start)));
    }
}

bool fastSoftmaxAvx512(const float* in, float* out, long visible, float divisor)
{
    const float infinity = __builtin_inff();
    const float scale = 1.0f / divisor;
    const __m512 packetScale = _mm512_set1_ps(scale);
    // Pass 1: the maximum, and whether any scaled score is NaN. Four running maxima, 64
    // lanes a step: one chain waited on each max's latency, and a maximum is the same
    // whatever order the lanes are taken in (a NaN lane is caught apart).
    __m512 packetMax[4];
    for (__m512& m : packetMax)
        m = _mm512_set1_ps(-infinity);
    __mmask16 nanLanes = 0;
    long i = 0;
    for (; i + 64 <= visible; i += 64)
        for (int u = 0; u < 4; ++u) {
            const __m512 x = _mm512_mul_ps(_mm512_loadu_ps(in + i + 16 * u), packetScale);
            packetMax[u] = _mm512_max_ps(x, packetMax[u]);
            nanLanes |= _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
        }
    for (; i + 16 <= visible; i += 16) {
        const __m512 x = _mm512_mul_ps(_mm512_loadu_ps(in + i), packetScale);
        packetMax[0] = _mm512_max_ps(x, packetMax[0]);
        nanLanes |= _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
    }
    const __m512 allMax = _mm512_max_ps(_mm512_max_ps(packetMax[0], packetMax[1]),
                                        _mm512_max_ps(packetMax[2], packetMax[3]));
    float maximum = i > 0 ? _mm512_reduce_max_ps(allMax) : -infinity;
    bool nan = nanLanes != 0;
    for (long j = i; j < visible; ++j) {
        const float x = in[j] * scale;
        maximum = maximum < x ? x : maximum;
        nan = nan || x != x;
    }
    if (nan || !(maximum < infinity) || maximum == -infinity)
        return false;
    // Pass 2: the exponentials and their sum, lane by lane; the ragged tail padded with zeros.
    const __m512 packetMaximum = _mm512_set1_ps(maximum);
    __m512 lanes = _mm512_setzero_ps();
    for (i = 0; i + 16 <= visible; i += 16) {
        const __m512 e = guardedExp(
            _mm512_sub_ps(_mm512_mul_ps(_mm512_loadu_ps(in + i), packetScale), packetMaximum));
        _mm512_storeu_ps(out + i, e);
        lanes = _mm512_add_ps(lanes, e);
    }
    if (i < visible) {
        const __mmask16 tail = __mmask16((1u << (visible - i)) - 1);
        // Lanes past the end: exp(0), then 0 in the sum.
        const __m512 x = _mm512_maskz_sub_ps(
            tail, _mm512_mul_ps(_mm512_maskz_loadu_ps(tail, in + i), packetScale), packetMaximum);
        const __m512 e = _mm512_maskz_mov_ps(tail, guardedExp(x));
        _mm512_mask_storeu_ps(out + i, tail, e);
        lanes = _mm512_add_ps(lanes, e);
    }
    const float sum = laneTotal(lanes);
    if (!(sum >= 1.0f && sum < infinity)) // the maximum's own term is exp(0) = 1; NaN fails too
        return false;
    // Pass 3.
    const __m512 inverse = _mm512_set1_ps(1.0f / sum);
    for (i = 0; i + 16 <= visible; i += 16)
        _mm512_storeu_ps(out + i, _mm512_mul_ps(_mm512_loadu_ps(out + i), inverse));
    if (i < visible) {
        const __mmask16 tail = __mmask16((1u << (visible - i)) - 1);
        _mm512_mask_storeu_ps(out + i, tail,
                              _mm512_mul_ps(_mm512_maskz_loadu_ps(tail, out + i), inverse));
    }
    return true;
}

} // namespace ae::detail
