#pragma once

#include "Matrix.h"

namespace ae {

// RMSNorm over the last dimension, as Hugging Face's LlamaRMSNorm computes it in float32.
//   x (R x n), weight (n) -> out (R x n), each row on its own:
//   pass 1: variance = Σ x² / n; pass 2: out = weight · (x · 1/sqrt(variance + eps)).
// Used before attention and the feed-forward of Llama-family blocks, and (n = head_dim) on
// each query and key head of Qwen 3. Rows in parallel (OpenMP) from 64 rows on; a row's bits
// do not depend on the thread count. `out` may be x itself.
void rmsNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
             float eps, Eigen::Ref<Matrix> out);
Matrix rmsNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
               float eps);

} // namespace ae
