// reduceNonNegativeRows()'s strips on AVX-512 (BlockReducer.h), for bins of 2 and 4 columns: a
// view of 513 to 1,024 keys, or of 1,025 to 2,048. Compiled with -mavx512f alone and called
// after the run-time check (detail::avx512Kernels()), so nothing here is shared inline with
// other files. The same bits as the portable loop: every value is a finite weight >= +0, so
// max is exact whatever the order, and a fraction is the float quotient maximum / top, which
// is what the portable loop's quotient in double rounds to.
#include <immintrin.h>

namespace ae::detail {

namespace {

// The larger of each pair of lanes of (a, b): cells 2i and 2i + 1 of the 32 in a | b.
inline __m512 pairMaxima(__m512 a, __m512 b)
{
    const __m512i even =
        _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd =
        _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    return _mm512_max_ps(_mm512_permutex2var_ps(a, even, b), _mm512_permutex2var_ps(a, odd, b));
}

// A mask of the first `count` lanes (none below 1, all 16 from 16 on).
inline __mmask16 lanes(long count)
{
    return count >= 16  ? __mmask16(0xFFFF)
           : count <= 0 ? __mmask16(0)
                        : __mmask16((1u << count) - 1);
}

// 16 bins of `block` cells from v (cells [0, visible) read, the others taken as 0).
inline __m512 bins(const float* v, long visible, int block)
{
    const auto load = [&](long at) { return _mm512_maskz_loadu_ps(lanes(visible - at), v + at); };
    if (block == 2)
        return pairMaxima(load(0), load(16));
    return pairMaxima(pairMaxima(load(0), load(16)), pairMaxima(load(32), load(48)));
}

// Stores v's lanes in k at p. A whole vector at a 64-byte boundary goes past the caches
// (a streaming store): the reduction of a long text's heads is far larger than the caches,
// and an ordinary store reads each line from memory before writing it (on two cores, 24 MB
// of a 1,024-token session's bins took 1.5 ms stored, 0.6 ms streamed).
inline void storeBins(float* p, __mmask16 k, __m512 v)
{
    if (k == __mmask16(0xFFFF) && (reinterpret_cast<unsigned long>(p) & 63) == 0)
        _mm512_stream_ps(p, v);
    else
        _mm512_mask_storeu_ps(p, k, v);
}

} // namespace

void reduceStripAvx512(const float* rows, long ld, long count, const long* visible, int block,
                       long blocks, float* scratch, float* values, float* fractions)
{
    // Each row's bins up to the strip's widest (zeros past a row's own visible cells), and
    // its largest.
    long widest = 0;
    for (long i = 0; i < count; ++i)
        widest = visible[i] > widest ? visible[i] : widest;
    const long n = (widest + block - 1) / block; // bins with a visible cell in some row
    const long stride = n + 16;
    float tops[16];
    for (long i = 0; i < count; ++i) {
        __m512 top = _mm512_setzero_ps();
        for (long b = 0; b < n; b += 16) {
            const __m512 m = bins(rows + i * ld + b * block, visible[i] - b * block, block);
            _mm512_storeu_ps(scratch + i * stride + b, m);
            top = _mm512_max_ps(top, m);
        }
        tops[i] = _mm512_reduce_max_ps(top); // >= 0
    }
    // Each bin written once: the largest of the rows' maxima, and of their fractions (a row
    // without a positive value adds a fraction of 0).
    for (long b = 0; b < n; b += 16) {
        __m512 high = _mm512_setzero_ps(), fraction = _mm512_setzero_ps();
        for (long i = 0; i < count; ++i) {
            const __m512 m = _mm512_loadu_ps(scratch + i * stride + b);
            high = _mm512_max_ps(high, m);
            if (tops[i] > 0)
                fraction = _mm512_max_ps(fraction, _mm512_div_ps(m, _mm512_set1_ps(tops[i])));
        }
        const __mmask16 k = lanes(n - b);
        storeBins(values + b, k, high);
        storeBins(fractions + b, k, fraction);
    }
    // The bins no row reaches: up to the next multiple of 16, then whole vectors (aligned
    // where the rows are).
    for (long b = n; b < blocks;) {
        const long step = 16 - b % 16;
        const __mmask16 k = lanes(step < blocks - b ? step : blocks - b);
        storeBins(values + b, k, _mm512_setzero_ps());
        storeBins(fractions + b, k, _mm512_setzero_ps());
        b += step;
    }
}

void finishStreamedStores()
{
    _mm_sfence();
}

} // namespace ae::detail
