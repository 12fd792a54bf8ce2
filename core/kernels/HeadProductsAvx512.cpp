// The AVX-512 kernels of HeadProducts.h. This file alone is compiled with -mavx512f -mfma and
// is only called after a run-time check, so it uses no template or inline function shared
// with other files (the linker could keep this file's AVX-512 copy of it for everyone).
#include <immintrin.h>

namespace ae::detail {

namespace {

constexpr long Panel = 64; // keys per packed panel: 4 vectors of 16 floats

// Lanes [0, n % 16) of the vector that holds the last of n columns (all 16 when n % 16 is 0).
__mmask16 lastMask(long n)
{
    const long rest = n % 16;
    return rest == 0 ? __mmask16(0xFFFF) : __mmask16((1u << rest) - 1);
}

// c (R x 16·C) = [c +] a (R x K, row stride lda) · b (K x 16·C, row stride ldb): R·C
// accumulators, a's cells broadcast from memory, one row of b loaded per step of k. The
// last vector of b and c is read and written through `last` (columns past the end untouched).
// Each cell is a chain of fused multiply-adds in the order of k.
template <int R, int C>
void tile(const float* a, long lda, const float* b, long ldb, long K, float* c, long ldc,
          __mmask16 last, bool accumulate)
{
    __m512 sum[R][C];
#pragma GCC unroll 16
    for (int i = 0; i < R; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < C; ++j)
            sum[i][j] = _mm512_setzero_ps();
    if (accumulate)
#pragma GCC unroll 16
        for (int i = 0; i < R; ++i) {
#pragma GCC unroll 4
            for (int j = 0; j < C - 1; ++j)
                sum[i][j] = _mm512_loadu_ps(c + i * ldc + 16 * j);
            sum[i][C - 1] = _mm512_maskz_loadu_ps(last, c + i * ldc + 16 * (C - 1));
        }
    for (long k = 0; k < K; ++k) {
        __m512 row[C];
#pragma GCC unroll 4
        for (int j = 0; j < C - 1; ++j)
            row[j] = _mm512_loadu_ps(b + k * ldb + 16 * j);
        row[C - 1] = _mm512_maskz_loadu_ps(last, b + k * ldb + 16 * (C - 1));
#pragma GCC unroll 16
        for (int i = 0; i < R; ++i) {
            const __m512 cell = _mm512_set1_ps(a[i * lda + k]);
#pragma GCC unroll 4
            for (int j = 0; j < C; ++j)
                sum[i][j] = _mm512_fmadd_ps(cell, row[j], sum[i][j]);
        }
    }
#pragma GCC unroll 16
    for (int i = 0; i < R; ++i) {
#pragma GCC unroll 4
        for (int j = 0; j < C - 1; ++j)
            _mm512_storeu_ps(c + i * ldc + 16 * j, sum[i][j]);
        _mm512_mask_storeu_ps(c + i * ldc + 16 * (C - 1), last, sum[i][C - 1]);
    }
}

// The rows left after the full tiles of R, one tile of `rest` (< R) rows.
template <int C, int R>
void restTile(int rest, const float* a, long lda, const float* b, long ldb, long K, float* c,
              long ldc, __mmask16 last, bool accumulate)
{
    if constexpr (R > 1) {
        if (rest == R - 1)
            tile<R - 1, C>(a, lda, b, ldb, K, c, ldc, last, accumulate);
        else
            restTile<C, R - 1>(rest, a, lda, b, ldb, K, c, ldc, last, accumulate);
    }
}

// Every row of c in tiles of R rows (the last one smaller).
template <int R, int C>
void rowTiles(long rows, const float* a, long lda, const float* b, long ldb, long K, float* c,
              long ldc, __mmask16 last, bool accumulate)
{
    long i = 0;
    for (; i + R <= rows; i += R)
        tile<R, C>(a + i * lda, lda, b, ldb, K, c + i * ldc, ldc, last, accumulate);
    if (i < rows)
        restTile<C, R>(int(rows - i), a + i * lda, lda, b, ldb, K, c + i * ldc, ldc, last,
                       accumulate);
}

// c = [c +] a · b over `vectors` (1 to 4) vectors of columns, the last through `last`.
// Scores: short products (K = dk) into many columns, tiles of 12 x 32 (24 accumulators) read
// the packed keys best; context: long products (K = keys) into 64 columns, tiles of 6 x 64.
template <int R>
void columns(long vectors, long rows, const float* a, long lda, const float* b, long ldb, long K,
             float* c, long ldc, __mmask16 last, bool accumulate)
{
    switch (vectors) {
    case 1:
        rowTiles<R, 1>(rows, a, lda, b, ldb, K, c, ldc, last, accumulate);
        break;
    case 2:
        rowTiles<R, 2>(rows, a, lda, b, ldb, K, c, ldc, last, accumulate);
        break;
    case 3:
        rowTiles<R * 2 / 3, 3>(rows, a, lda, b, ldb, K, c, ldc, last, accumulate);
        break;
    default:
        rowTiles<R / 2, 4>(rows, a, lda, b, ldb, K, c, ldc, last, accumulate);
        break;
    }
}

constexpr long ContextKeys = 128; // keys per step of the context product: 32 KB of values

} // namespace

void packKeysAvx512(const float* keys, long ldKeys, long count, long dk, float* panels)
{
    // 16 keys' cell d at a time by a gather (keys past `count` read as zeros)
    const __m512i stride =
        _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                           _mm512_set1_epi32(int(ldKeys)));
    for (long p = 0; p * Panel < count; ++p)
        for (long j = 0; j < Panel; j += 16) {
            const long key = p * Panel + j;
            const long rest = count - key;
            const __mmask16 keep = rest >= 16  ? __mmask16(0xFFFF)
                                   : rest <= 0 ? __mmask16(0)
                                               : __mmask16((1u << rest) - 1);
            const float* first = keys + (rest > 0 ? key * ldKeys : 0);
            for (long d = 0; d < dk; ++d)
                _mm512_storeu_ps(
                    panels + (p * dk + d) * Panel + j,
                    _mm512_mask_i32gather_ps(_mm512_setzero_ps(), keep, stride, first + d, 4));
        }
}

void scoresAvx512(const float* queries, long ldQueries, long rows, const float* panels, long dk,
                  long count, float* scores, long ldScores)
{
    for (long p = 0; p * Panel < count; ++p) {
        const long width = count - p * Panel < Panel ? count - p * Panel : Panel;
        const long vectors = (width + 15) / 16;
        const float* b = panels + p * dk * Panel;
        float* c = scores + p * Panel;
        // halves of 32 columns: 12 x 2 tiles
        for (long v = 0; v < vectors; v += 2) {
            const long n = vectors - v < 2 ? vectors - v : 2;
            const __mmask16 last = v + n == vectors ? lastMask(width) : __mmask16(0xFFFF);
            columns<12>(n, rows, queries, ldQueries, b + 16 * v, Panel, dk, c + 16 * v, ldScores,
                        last, false);
        }
    }
}

void contextAvx512(const float* weights, long ldWeights, long rows, long count, const float* values,
                   long ldValues, long dv, float* context, long ldContext)
{
    for (long g = 0; g < dv; g += Panel) {
        const long width = dv - g < Panel ? dv - g : Panel;
        const long vectors = (width + 15) / 16;
        for (long k = 0; k < count; k += ContextKeys) {
            const long K = count - k < ContextKeys ? count - k : ContextKeys;
            columns<12>(vectors, rows, weights + k, ldWeights, values + k * ldValues + g, ldValues,
                        K, context + g, ldContext, lastMask(width), k > 0);
        }
    }
}

} // namespace ae::detail
