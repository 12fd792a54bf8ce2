// The AVX-512 kernel of GemmAvx512.h, one tile of a large fast product. This file alone is
// compiled with -mavx512f -mfma and is only called after a run-time check; the register tile
// (Avx512Tile.h) is included into its unnamed namespace.
//
// b is packed KC rows at a time into panels of 32 columns (kc x 32, row-major, the last
// panel padded with zeros): a panel (16 KB) stays in L1 while tiles of 12 x 32 sweep a's
// rows, each a's cell broadcast from memory. A cell is one chain of fused multiply-adds in
// the order of k, carried from one block of KC to the next through c, so its bits depend on
// k alone: not on the tile, the thread or where a, b and c are stored.
#include <immintrin.h>

#include <vector>

namespace ae::detail {

namespace {

#include "Avx512Tile.h"

constexpr long PanelColumns = 32; // 2 vectors of 16 floats
constexpr long KC = 128;          // rows of b per packed block: 16 KB per panel

// Rows [k0, k0 + kc) of b (k x n, row stride ldb) as panels of 32 columns.
void packRows(const float* b, long ldb, long n, long k0, long kc, float* panels)
{
    for (long p = 0; p * PanelColumns < n; ++p) {
        float* panel = panels + p * kc * PanelColumns;
        const long column = p * PanelColumns;
        for (long v = 0; v < PanelColumns; v += 16) {
            const long rest = n - column - v;
            const __mmask16 keep = leadingLanes(rest);
            const float* source = b + k0 * ldb + column + v;
            for (long k = 0; k < kc; ++k)
                _mm512_storeu_ps(panel + k * PanelColumns + v,
                                 _mm512_maskz_loadu_ps(keep, rest > 0 ? source + k * ldb : b));
        }
    }
}

} // namespace

void gemmAvx512(const float* a, long lda, const float* b, long ldb, bool transposedB, long m,
                long n, long k, float* c, long ldc)
{
    if (k == 0) {
        for (long i = 0; i < m; ++i)
            for (long j = 0; j < n; ++j)
                c[i * ldc + j] = 0.0f;
        return;
    }
    const long panels = (n + PanelColumns - 1) / PanelColumns;
    std::vector<float> packed(std::size_t(panels * KC * PanelColumns));
    for (long k0 = 0; k0 < k; k0 += KC) {
        const long kc = k - k0 < KC ? k - k0 : KC;
        if (transposedB) // columns [k0, k0 + kc) of bᵀ's rows
            packTransposed(b, ldb, n, k0, kc, PanelColumns, packed.data());
        else
            packRows(b, ldb, n, k0, kc, packed.data());
        for (long p = 0; p < panels; ++p) {
            const long column = p * PanelColumns;
            const long width = n - column < PanelColumns ? n - column : PanelColumns;
            columns<12>((width + 15) / 16, m, a + k0, lda, packed.data() + p * kc * PanelColumns,
                        PanelColumns, kc, c + column, ldc, lastMask(width), k0 > 0);
        }
    }
}

} // namespace ae::detail
