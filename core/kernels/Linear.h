#pragma once

#include "Matrix.h"

namespace ae {

// A linear layer with the weight stored (in, out), as Hugging Face's Conv1D stores GPT-2's:
//   x (R x in), weight (in x out), bias (out, or empty: none) -> y (R x out) = x · W + b.
// Up to LinearGemvRows rows the product is one GEMV per row instead of one GEMM: a GEMM packs
// (copies) the whole weight matrix first, and a keystroke's forward computes one or two rows,
// for which packing 85 M weights costs more than streaming them once per row. A row's bits
// depend on which of the two paths computed it, so the threshold is part of the contract.
// The output columns are computed in fixed blocks of LinearBlockColumns, the blocks in
// parallel from LinearParallelWork multiply-adds on (Eigen's own threading is off,
// EIGEN_DONT_PARALLELIZE: it splits by the thread count, so the bits would depend on it).
// Fixed blocks give every cell the same bits whatever the number of threads; blocks of 128
// columns also give the bits of one product over all columns on GPT-2's shapes (measured
// with Eigen 3.4 on AVX-512: 128 and 384 do, 64 and 256 do not).
inline constexpr Eigen::Index LinearGemvRows = 3;
inline constexpr Eigen::Index LinearBlockColumns = 128;
// 2.5e5: a generated token's products are one row against a whole weight matrix (GPT-2's
// q, k, v: 1.8e6), read from memory once; one core streamed them at 36 ms a token, both at 25.
inline constexpr double LinearParallelWork = 2.5e5;

// With `transposed` the weight is stored as nn.Linear keeps it, (out x in), and used
// transposed: y = x · Wᵀ + b (the same blocks of output columns, rows of W).
Matrix linear(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& weight,
              const Eigen::Ref<const RowVector>& bias, bool transposed = false);

} // namespace ae
