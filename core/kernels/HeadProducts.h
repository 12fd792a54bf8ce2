#pragma once

#include "Matrix.h"
#include "PackedPanel.h"

#include <vector>

namespace ae {

// The two products of one head's fast-path attention, for a block of query rows:
//   scores (rows, n) = queries (rows, dk) · keys[first, first + n)ᵀ
//   context (rows, dv) = weights (rows, n) · values[0, n)
// On a CPU with AVX-512 (checked at run time), register-tiled kernels read the keys packed
// once per head (PackedKeys) and the values as stored; elsewhere Eigen's GEMM. Either way a
// cell's bits depend on the block's shape only, not on the thread or where the block is
// stored, so a view that derives a block again gets the forward's bits.

// kᵀ of a head's keys as the vectorised scores product reads it: panels of PackedPanelKeys
// keys, each (dk x PackedPanelKeys) row-major, the last one padded with zeros. Empty when the
// products are Eigen's.
class PackedKeys
{
public:
    // Packs `count` keys (rows of dk floats, ldKeys apart); a no-op without the vectorised
    // kernels.
    void pack(const float* keys, Eigen::Index ldKeys, Eigen::Index count, Eigen::Index dk);
    Eigen::Index count() const { return m_count; }
    const float* panels() const { return m_panels.data(); }

private:
    std::vector<float> m_panels;
    Eigen::Index m_count = 0;
};

// Whether a scores product of `rows` query rows against `keyFloats` floats of keys (count x dk)
// runs the vectorised kernel (and reads PackedKeys): with AVX-512, from MinPackedRows rows
// (fewer would pay more for the packing than for the product, as a token generated with a
// key/value cache does) and up to MaxPackedFloats (the packed copy is a temporary beside the
// keys: at most 16 MB per thread; longer keys, such as simplified attention's d_in columns on
// a long text, take Eigen's product, whose own packing is bounded). The shape alone decides.
bool packsKeys(Eigen::Index rows, Eigen::Index keyFloats);
constexpr Eigen::Index MinPackedRows = 8;
constexpr Eigen::Index MaxPackedFloats = Eigen::Index(1) << 22;

// scores[i * ldScores + j] = queries.row(firstQuery + i) · keys.row(firstKey + j), for
// i < rows, j < count. `packed`, when not null, holds keys [0, ≥ firstKey + count) packed; it
// is read when firstKey starts a panel (a multiple of PackedPanelKeys), else the kernel packs
// what it needs itself, into a temporary. A cell's bits do not depend on which panel holds it.
void scoresProduct(const Matrix& queries, Eigen::Index firstQuery, Eigen::Index rows,
                   const Matrix& keys, Eigen::Index firstKey, Eigen::Index count, float* scores,
                   Eigen::Index ldScores, const PackedKeys* packed = nullptr);

// context (rows, values.cols()) = the columns [firstKey, firstKey + count) of weights (row
// stride ldWeights) · values.middleRows(firstKey, count); zeros when count is 0. The vectorised
// kernel sums each cell's keys in order, so weights of exactly 0 before firstKey would add
// nothing: from 0 it gives the same bits.
void contextProduct(const float* weights, Eigen::Index ldWeights, Eigen::Index rows,
                    Eigen::Index firstKey, Eigen::Index count, const Matrix& values,
                    Eigen::Ref<Matrix> context);

namespace detail {
// The AVX-512 kernels (HeadProductsAvx512.cpp), exposed for the tests; call them only when
// avx512Kernels() is true. Row-major, strides in floats.
bool avx512Kernels();
void packKeysAvx512(const float* keys, long ldKeys, long count, long dk, float* panels);
void scoresAvx512(const float* queries, long ldQueries, long rows, const float* panels, long dk,
                  long count, float* scores, long ldScores);
void contextAvx512(const float* weights, long ldWeights, long rows, long count, const float* values,
                   long ldValues, long dv, float* context, long ldContext);
// One tile of a large fast product (GemmAvx512.cpp, BlasGemm.h's tilesOnAvx512):
// c (m x n, row stride ldc) = a (m x k) · b (k x n), or with transposedB a · bᵀ, b (n x k);
// with `accumulate`, c += the product. Each cell one chain of fused multiply-adds in the order
// of k (from c's value when accumulating).
void gemmAvx512(const float* a, long lda, const float* b, long ldb, bool transposedB, long m,
                long n, long k, float* c, long ldc, bool accumulate = false);
// One strip of reduceNonNegativeRows() (BlockReducer.h) by bins of `block` (2 or 4) columns
// (BlockReducerAvx512.cpp): `count` (at most 16) rows, ld floats apart, row i's first
// visible[i] cells, written once into the strip's `blocks` values and fractions. `scratch`:
// count x (ceil(max visible / block) + 16) floats.
void reduceStripAvx512(const float* rows, long ld, long count, const long* visible, int block,
                       long blocks, float* scratch, float* values, float* fractions);
// Orders the strips' streaming stores before whatever this thread writes next (they are not
// ordered by the memory model's usual rules): called once the strips of a block are written.
void finishStreamedStores();
} // namespace detail

} // namespace ae
