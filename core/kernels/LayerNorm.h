#pragma once

#include "Matrix.h"

namespace ae {

// LayerNorm over the last dimension, as torch.nn.functional.layer_norm and the book's
// LayerNorm compute it.
//   x (R x d), weight (d), bias (d) -> out (R x d), each row on its own:
//   pass 1: mean = Σ x / d; pass 2: var = Σ (x - mean)² / d (biased, as PyTorch normalises);
//   pass 3: out = (x - mean) / sqrt(var + eps) · weight + bias.
// Rows in parallel (OpenMP) from 64 rows on; a row's bits do not depend on the thread count.
// `out` may be x itself.
void layerNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
               const Eigen::Ref<const RowVector>& bias, float eps, Eigen::Ref<Matrix> out);
Matrix layerNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
                 const Eigen::Ref<const RowVector>& bias, float eps);

} // namespace ae
