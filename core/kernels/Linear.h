#pragma once

#include "Matrix.h"

namespace ae {

// A linear layer with the weight stored (in, out), as Hugging Face's Conv1D stores GPT-2's:
//   x (R x in), weight (in x out), bias (out, or empty: none) -> y (R x out) = x · W + b.
// Up to LinearGemvRows rows the product is one GEMV per row instead of one GEMM: a GEMM packs
// (copies) the whole weight matrix first, and a keystroke's forward computes one or two rows,
// for which packing 85 M weights costs more than streaming them once per row. A row's bits
// depend on which of the two paths computed it, so the threshold is part of the contract. One
// thread (Eigen's own threading is off, EIGEN_DONT_PARALLELIZE): a parallel region per
// product costs more than it saves when the cores are shared.
inline constexpr Eigen::Index LinearGemvRows = 3;

Matrix linear(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& weight,
              const Eigen::Ref<const RowVector>& bias);

} // namespace ae
