// The AVX-512 kernels of HeadProducts.h. This file alone is compiled with -mavx512f -mfma and
// is only called after a run-time check, so it uses no template or inline function shared
// with other files (the linker could keep this file's AVX-512 copy of it for everyone); the
// register tile (Avx512Tile.h) is included into its unnamed namespace. Scores: short products
// (K = dk) into many columns, tiles of 12 x 32 read the packed keys best; context: long
// products (K = keys) into 64 columns, tiles of 6 x 64.
#include "PackedPanel.h"

#include <immintrin.h>

namespace ae::detail {

namespace {

#include "Avx512Tile.h"

constexpr long Panel = PackedPanelKeys; // keys per packed panel: 4 vectors of 16 floats

constexpr long ContextKeys = 128;   // keys per step of the context product: 32 KB of values
constexpr long ContextColumns = 64; // value columns per pass of the context product: 4 vectors

} // namespace

void packKeysAvx512(const float* keys, long ldKeys, long count, long dk, float* panels)
{
    packTransposed(keys, ldKeys, count, 0, dk, Panel, panels);
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
    for (long g = 0; g < dv; g += ContextColumns) {
        const long width = dv - g < ContextColumns ? dv - g : ContextColumns;
        const long vectors = (width + 15) / 16;
        for (long k = 0; k < count; k += ContextKeys) {
            const long K = count - k < ContextKeys ? count - k : ContextKeys;
            columns<12>(vectors, rows, weights + k, ldWeights, values + k * ldValues + g, ldValues,
                        K, context + g, ldContext, lastMask(width), k > 0);
        }
    }
}

} // namespace ae::detail
