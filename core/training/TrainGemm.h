#pragma once

#include "Matrix.h"

namespace ae::train {

// The training engine's products, row-major float32, on raw pointers with leading
// dimensions (rows of a larger buffer, a slice of the flat parameters). The rows of C are
// cut into fixed blocks of GemmBlockRows, the blocks run in parallel (OpenMP), each one
// Eigen product: a cell's bits depend on the block's shape only, never on the thread count,
// and the reduction dimension is never split.
//   nt: C (m x n)  = A (m x k) · Bᵀ, B (n x k)   y = x · Wᵀ (nn.Linear)
//   nn: C (m x n)  = A (m x k) · B (k x n)       dx = dy · W
//   tn: C (m x n) += Aᵀ · B, A (k x m), B (k x n) dW += dyᵀ · x (accumulate: shared weights)
inline constexpr Eigen::Index GemmBlockRows = 256;

void gemmNT(const float* a, Eigen::Index lda, const float* b, Eigen::Index ldb, float* c,
            Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k);
void gemmNN(const float* a, Eigen::Index lda, const float* b, Eigen::Index ldb, float* c,
            Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k);
void gemmTNAccumulate(const float* a, Eigen::Index lda, const float* b, Eigen::Index ldb, float* c,
                      Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k);

} // namespace ae::train
