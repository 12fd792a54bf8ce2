// The AVX-512 kernel of GemmAvx512.h, one tile of a large fast product. This file alone is
// compiled with -mavx512f -mfma and is only called after a run-time check; the register tile
// (Avx512Tile.h) is included into its unnamed namespace.
//
// b is packed KC rows at a time into panels of 32 columns (kc x 32, row-major, the last
// panel padded with zeros); tiles of 12 x 32 sweep MC rows of a over one panel after
// another, each a's cell broadcast from memory, then the next MC rows. A cell is one chain of
// fused multiply-adds in the order of k, carried from one block of KC to the next through c,
// so its bits depend on k alone: not on the tile, the thread or where a, b and c are stored.
//
// KC: the whole of GPT-2's and SmolLM2's k (768, 576) in one block, so c is written once;
// with blocks of 128 (a 16 KB panel in L1) each tile of c went back to memory six times and
// the products ran 10-16 % slower. MC: 96 rows of a (288 KB at k = 768) stay in L2 while the
// panels pass.
#include <immintrin.h>

#include <cstddef>
#include <memory>

namespace ae::detail {

namespace {

#include "Avx512Tile.h"

constexpr long PanelColumns = 32; // 2 vectors of 16 floats
constexpr long KC = 768;          // rows of b per packed block: 96 KB per panel
constexpr long MC = 96;           // rows of a per sweep over the panels

// Rows [k0, k0 + kc) of b (k x n, row stride ldb) as panels of 32 columns, 16 rows of b at a
// time: each panel's share of them is written as 2 KB in one piece. Panel by panel over all
// kc rows, every 128 bytes read came from another page (GPT-2's fc product: 342–348 GFLOP/s
// against 371–382); row by row over every panel, the writes went to panels 96 KB apart, one
// cache set (the proj product fell to 264). docs/performance.md has the runs.
void packRows(const float* b, long ldb, long n, long k0, long kc, float* panels)
{
    constexpr long Rows = 16;
    for (long k1 = 0; k1 < kc; k1 += Rows) {
        const long rows = kc - k1 < Rows ? kc - k1 : Rows;
        for (long p = 0; p * PanelColumns < n; ++p) {
            const long column = p * PanelColumns;
            float* panel = panels + (p * kc + k1) * PanelColumns;
            for (long v = 0; v < PanelColumns; v += 16) {
                const long rest = n - column - v;
                const __mmask16 keep = leadingLanes(rest);
                // past n, the panel's first column: an address inside b that nothing loads from
                const float* source = b + (k0 + k1) * ldb + column + (rest > 0 ? v : 0);
                for (long k = 0; k < rows; ++k)
                    _mm512_storeu_ps(panel + k * PanelColumns + v,
                                     _mm512_maskz_loadu_ps(keep, source + k * ldb));
            }
        }
    }
}

} // namespace

void gemmAvx512(const float* a, long lda, const float* b, long ldb, bool transposedB, long m,
                long n, long k, float* c, long ldc, bool accumulate)
{
    if (k == 0) {
        if (accumulate)
            return;
        for (long i = 0; i < m; ++i)
            for (long j = 0; j < n; ++j)
                c[i * ldc + j] = 0.0f;
        return;
    }
    const long panels = (n + PanelColumns - 1) / PanelColumns;
    // Each thread keeps its buffer (up to 3 MB for 1,024 columns): neither allocated nor
    // cleared again per tile; packing writes every float the tiles read.
    thread_local std::unique_ptr<float[]> packed;
    thread_local std::size_t capacity = 0;
    const std::size_t size = std::size_t(panels * KC * PanelColumns);
    if (capacity < size) {
        packed.reset(new float[size]);
        capacity = size;
    }
    for (long k0 = 0; k0 < k; k0 += KC) {
        const long kc = k - k0 < KC ? k - k0 : KC;
        if (transposedB) // columns [k0, k0 + kc) of bᵀ's rows
            packTransposed(b, ldb, n, k0, kc, PanelColumns, packed.get());
        else
            packRows(b, ldb, n, k0, kc, packed.get());
        for (long i = 0; i < m; i += MC) {
            const long rows = m - i < MC ? m - i : MC;
            for (long p = 0; p < panels; ++p) {
                const long column = p * PanelColumns;
                const long width = n - column < PanelColumns ? n - column : PanelColumns;
                columns<12>((width + 15) / 16, rows, a + i * lda + k0, lda,
                            packed.get() + p * kc * PanelColumns, PanelColumns, kc,
                            c + i * ldc + column, ldc, lastMask(width), accumulate || k0 > 0);
            }
        }
    }
}

} // namespace ae::detail
