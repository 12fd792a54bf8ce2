#pragma once

#include "Arithmetic.h"
#include "Matrix.h"

#include <string>

namespace ae {

// Which routine computes a product of a (m x k) and a (k x n) right side:
//  Sequential: TorchOrder, always, whatever the size (PyTorch's bits);
//  Eigen: Fast, Eigen's GEMM on fixed blocks of columns;
//  Blas: Fast from BlasMinWork multiply-adds on, when the build links OpenBLAS (AE_BLAS) and
//    the process has no address-space limit (BlasGemm.h, blasUsable).
enum class ProductPath
{
    Sequential,
    Eigen,
    Blas
};

// Fast products from this many multiply-adds (m·k·n) take OpenBLAS when built with it:
// GPT-2-size projections at 128 tokens and more (128·768·768 ≈ 7.5e7).
constexpr double BlasMinWork = 3.0e7;

ProductPath productPath(Eigen::Index m, Eigen::Index k, Eigen::Index n, Arithmetic arithmetic);

// What computes this process's large fast products, for the benchmarks' record: "eigen" (no
// OpenBLAS, or an address-space limit), else "openblas <its kernel>", followed by ", avx512
// tiles from <n> rows" where the own kernel takes the tiles (BlasGemm.h) and by ", openmp
// build" or ", serial build" where libopenblas.so.0 is not Debian's default pthreads build.
// The rate of every forward depends on it, and OpenBLAS's choice on the CPU and on
// OPENBLAS_CORETYPE.
std::string productKernels();

// The machine's SGEMM rate, the speed goals' reference (docs/performance.md): one n x n · n x n
// cblas_sgemm on OpenBLAS's own threads, one per OpenMP thread, as numpy calls it, in GFLOP/s
// (2n³ over its time); OpenBLAS is pinned to one thread again afterwards. Allocates 3n² floats
// for the call. 0 when OpenBLAS is not usable (or not built: BlasGemm.h).
double sgemmReferenceGflops(Eigen::Index n);

// a (m x k) · b (k x n) -> (m x n)
Matrix matmul(const Matrix& a, const Matrix& b, Arithmetic arithmetic);

// a (m x k) · bᵀ, b being (n x k) -> (m x n): attention scores from queries and keys.
Matrix matmulTransposed(const Matrix& a, const Matrix& b, Arithmetic arithmetic);

// The fast path on views that need no copy (a model's mapped weights, rows of a larger
// matrix): a (m x k) · b (k x n), or a · bᵀ with b (n x k) when transposedB -> (m x n).
// `tiles`: OpenBLAS's tiles, 0 for those its shape decides (BlasGemm.h, blasTiles).
struct BlasTiles
{
    Eigen::Index rows = 0, columns = 0;
};
Matrix fastMatmul(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
                  bool transposedB, BlasTiles tiles = {});
// Whether a product replaces what `out` holds or is added to it (a residual stream: out +=
// a · b + bias in the tiles' one pass over out, with no product written apart and no second
// pass to add it).
enum class ProductWrite
{
    Replace,
    Add
};
// The same into `out` (m x n, sized by the caller), which may be a block of a larger matrix:
// a model's three projections written side by side without a copy. `bias` (n floats, or
// null): added to every row, each tile's rows right after its product, while they are in
// cache and on the tile's thread (the same bits as adding it to the whole product after).
// With ProductWrite::Add, out += bias first, then the product is added to it, tile by tile.
void fastMatmulInto(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
                    bool transposedB, Eigen::Ref<Matrix> out, BlasTiles tiles = {},
                    const float* bias = nullptr, ProductWrite write = ProductWrite::Replace);

// x · w + bias (bias broadcast over rows; empty bias: none), as nn.Linear / x @ W.
Matrix linear(const Matrix& x, const Matrix& w, const RowVector& bias, Arithmetic arithmetic);

} // namespace ae
