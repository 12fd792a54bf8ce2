#pragma once

#include "MatMul.h"
#include "Matrix.h"

#include <string>

namespace ae {

// OpenBLAS's sgemm for the fast path's large products (built only with the CMake option
// AE_BLAS; MatMul.cpp decides when it is used), or on a CPU with AVX-512 where OpenBLAS runs
// a kernel without it, the same tiles on this project's AVX-512 kernel (tilesOnAvx512).
// a (m x k) · b (k x n) -> c (m x n); with transposedB, b is (n x k) and c = a · bᵀ.
// c is resized by the caller. The product runs on tiles that its shape alone decides
// (blasTiles), the tiles in parallel on our OpenMP threads, and OpenBLAS itself is pinned to
// one thread: each tile is one single-threaded sgemm, so every cell gets the same bits
// whatever the number of threads (tests/core/tst_determinism), and OpenBLAS's own thread
// pool never competes with the OpenMP head loop.

// The tiles of an m x n product: of the splits into an even number of tiles (two at
// least, so that two cores share them evenly), each at least BlasMinTileRows x
// BlasMinTileColumns unless the product is smaller, the one that packs the fewest floats.
// Each tile packs its slice of both sides, so a product of k packs k · (column tiles · m +
// row tiles · n) floats, and most of it comes from memory rather than cache. On GPT-2's
// shapes at T = 1024 that packing took a tenth of the forward with fixed tiles of 512 x 768
// (sgemm_itcopy: every 2,304- and 3,072-wide weight packed twice); whole-row tiles of
// 1024 x 1152 and 1024 x 1536 pack each weight once (docs/performance.md). Sizes are
// multiples of BlasTileAlign.
constexpr Eigen::Index BlasMinTiles = 2;
constexpr Eigen::Index BlasMinTileRows = 128;
constexpr Eigen::Index BlasMinTileColumns = 192;
constexpr Eigen::Index BlasTileAlign = 16;
BlasTiles blasTiles(Eigen::Index m, Eigen::Index n);

// False when the process runs under an address-space limit (ulimit -v, RLIMIT_AS): OpenBLAS
// reserves a 128 MB buffer per concurrent call and, when that allocation fails, retries for
// ever instead of failing; Eigen's products then run instead, and an over-large session ends
// in the usual "out of memory" message (tests/app/tst_hostilecli). Also false when
// libopenblas.so.0 cannot be opened (it is loaded with dlopen, never linked). Read once per
// process, and only then is OpenBLAS loaded.
bool blasUsable();

// The name of the kernel OpenBLAS chose for this CPU ("Haswell", "SkylakeX", "Prescott" where
// it does not know the CPU: docs/performance.md), or empty. Loads OpenBLAS.
std::string openBlasKernel();

// How the loaded OpenBLAS was built to run threads (openblas_get_parallel()): "pthreads"
// (Debian's default, libopenblas0-pthread), "openmp" (libopenblas0-openmp), "serial", or
// empty. Loads OpenBLAS.
std::string openBlasThreading();

// Whether each tile runs detail::gemmAvx512 instead of OpenBLAS's sgemm: on a CPU with AVX-512
// when the kernel OpenBLAS chose has none (OPENBLAS_CORETYPE=Haswell, or a CPU newer than
// its table), where OpenBLAS reaches half the rate the CPU's 512-bit registers give
// (docs/performance.md). AE_GEMM=openblas or AE_GEMM=avx512 (with AVX-512) decide instead,
// to measure one against the other. Read once per process.
bool tilesOnAvx512();

// A tile of fewer rows stays on OpenBLAS even then: the kernel packs the tile's slice of b for
// its rows alone. Against OpenBLAS's AVX2 kernels (Haswell, Zen) that costs more than it saves
// under 128 rows (one row of logits against GPT-2's 50,257 embeddings: 2.0 GFLOP/s against
// OpenBLAS's 4.7 on one core; 192 rows: 97 against 92): 128. Where OpenBLAS fell back to a
// kernel without AVX2 (on a CPU newer than OpenBLAS 0.3.21's table it runs "Prescott", SSE3)
// the kernel is ahead from 8 rows (docs/performance.md): 8. Read once per process.
Eigen::Index ownKernelMinRows();

// a and b may be views (rows of a larger matrix, a mapped tensor): their outer strides are
// passed on as leading dimensions. Tiles of 0 are blasTiles()'s; the stacked products of an
// ablation choose theirs (BlockOps.cpp), still independent of the thread count.
// c may be a block of a larger matrix (its outer stride is passed on too). `bias` (n floats,
// or null): each tile's rows start as the bias and sgemm adds the product (beta 1), as
// PyTorch's addmm orders it; the AVX-512 tiles add it after their product. With
// ProductWrite::Add each tile's rows of c get the bias added, then the product (beta 1 on
// both kernels): c is neither cleared nor copied.
void blasProduct(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
                 bool transposedB, Eigen::Ref<Matrix> c, Eigen::Index tileRows = 0,
                 Eigen::Index tileColumns = 0, const float* bias = nullptr,
                 ProductWrite write = ProductWrite::Replace);

} // namespace ae
