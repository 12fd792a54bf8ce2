#pragma once

#include "Matrix.h"

namespace ae {

// OpenBLAS's sgemm for the fast path's large products (built only with the CMake option
// AE_BLAS; MatMul.cpp decides when it is used).
// a (m x k) · b (k x n) -> c (m x n); with transposedB, b is (n x k) and c = a · bᵀ.
// c is resized by the caller. The product runs on fixed tiles (BlasTileRows x
// BlasTileColumns), the tiles in parallel on our OpenMP threads, and OpenBLAS itself is
// pinned to one thread: each tile is one single-threaded sgemm, so every cell gets the same
// bits whatever the number of threads (tests/core/tst_determinism), and OpenBLAS's own
// thread pool never competes with the OpenMP head loop.
constexpr Eigen::Index BlasTileRows = 256;
constexpr Eigen::Index BlasTileColumns = 384;

void blasProduct(const Matrix& a, const Matrix& b, bool transposedB, Matrix& c);

} // namespace ae
