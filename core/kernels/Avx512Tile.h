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

// r[0..16) (16 rows of 16 floats) transposed in place: r[d] holds cell d of every row.
// Four rounds of 16 shuffles: of 32-bit lanes, of 64-bit lanes, then twice of 128-bit blocks.
void transpose16(__m512 r[16])
{
    __m512 t[16];
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    // u[4g + q]: rows [4g, 4g + 4) at cell 4b + q of each block b of 128 bits
    __m512 u[16];
    for (int g = 0; g < 4; ++g) {
        const __m512d lo0 = _mm512_castps_pd(t[4 * g]), hi0 = _mm512_castps_pd(t[4 * g + 1]);
        const __m512d lo1 = _mm512_castps_pd(t[4 * g + 2]), hi1 = _mm512_castps_pd(t[4 * g + 3]);
        u[4 * g] = _mm512_castpd_ps(_mm512_unpacklo_pd(lo0, lo1));
        u[4 * g + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(lo0, lo1));
        u[4 * g + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(hi0, hi1));
        u[4 * g + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(hi0, hi1));
    }
    for (int q = 0; q < 4; ++q) {
        const __m512 even0 = _mm512_shuffle_f32x4(u[q], u[4 + q], 0x88);
        const __m512 odd0 = _mm512_shuffle_f32x4(u[q], u[4 + q], 0xDD);
        const __m512 even1 = _mm512_shuffle_f32x4(u[8 + q], u[12 + q], 0x88);
        const __m512 odd1 = _mm512_shuffle_f32x4(u[8 + q], u[12 + q], 0xDD);
        r[q] = _mm512_shuffle_f32x4(even0, even1, 0x88);
        r[q + 8] = _mm512_shuffle_f32x4(even0, even1, 0xDD);
        r[q + 4] = _mm512_shuffle_f32x4(odd0, odd1, 0x88);
        r[q + 12] = _mm512_shuffle_f32x4(odd0, odd1, 0xDD);
    }
}

// m's rows [0, count) (row stride ld) transposed into panels of `width` rows (a multiple of
// 16): panel p holds cells [first, first + depth) of rows [p·width, (p + 1)·width) as depth
// rows of `width` floats, panel after panel; rows past `count` read as zeros. 16 rows by 16
// cells at a time: loaded row by row, transposed in registers. A gather per 16 cells held
// GPT-2's logits product to 346–353 GFLOP/s, against 374–376 (docs/performance.md).
void packTransposed(const float* m, long ld, long count, long first, long depth, long width,
                    float* panels)
{
    for (long p = 0; p * width < count; ++p)
        for (long j = 0; j < width; j += 16) {
            const long row = p * width + j;
            const long rows = count - row < 16 ? count - row : 16;
            const float* source = m + first;
            float* target = panels + p * depth * width + j;
            for (long d = 0; d < depth; d += 16) {
                const long cells = depth - d < 16 ? depth - d : 16;
                const __mmask16 keep = leadingLanes(cells);
                __m512 r[16];
                for (long i = 0; i < 16; ++i)
                    r[i] = i < rows ? _mm512_maskz_loadu_ps(keep, source + (row + i) * ld + d)
                                    : _mm512_setzero_ps();
                transpose16(r);
                for (long c = 0; c < cells; ++c)
                    _mm512_storeu_ps(target + (d + c) * width, r[c]);
            }
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
