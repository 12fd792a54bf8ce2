// The register tile that the AVX-512 kernels share (HeadProductsAvx512.cpp, GemmAvx512.cpp).
// Included only by files compiled with -mavx512f -mfma, and only inside their unnamed
// namespace: each file keeps its own copy, so no AVX-512 code can stand in for another
// file's portable one at link time. The file includes <immintrin.h> first.
#pragma once

// Lanes [0, rest) of a vector: none when rest <= 0, all 16 from 16 on.
__mmask16 leadingLanes(long rest)
{
    return rest >= 16 ? __mmask16(0xFFFF) : rest <= 0 ? __mmask16(0) : __mmask16((1u << rest) - 1);
}

// Lanes [0, n % 16) of the vector that holds the last of n columns (all 16 when n % 16 is 0).
__mmask16 lastMask(long n)
{
    return leadingLanes(n % 16 == 0 ? 16 : n % 16);
}

// m's rows [0, count) (row stride ld) transposed into panels of `width` rows (a multiple of
// 16): panel p holds cells [first, first + depth) of rows [p·width, (p + 1)·width) as depth
// rows of `width` floats, panel after panel; rows past `count` read as zeros. 16 rows' cell
// at a time by a gather.
void packTransposed(const float* m, long ld, long count, long first, long depth, long width,
                    float* panels)
{
    const __m512i offsets =
        _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                           _mm512_set1_epi32(int(ld)));
    for (long p = 0; p * width < count; ++p)
        for (long j = 0; j < width; j += 16) {
            const long row = p * width + j;
            const __mmask16 keep = leadingLanes(count - row);
            const float* source = m + (row < count ? row * ld : 0) + first;
            for (long d = 0; d < depth; ++d)
                _mm512_storeu_ps(
                    panels + (p * depth + d) * width + j,
                    _mm512_mask_i32gather_ps(_mm512_setzero_ps(), keep, offsets, source + d, 4));
        }
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
// Tiles of R x 16, R x 32, (2R/3) x 48 or (R/2) x 64: with R = 12, at most 24 accumulators.
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
