#pragma once

#include "Matrix.h"

namespace ae {

// The gate of a SwiGLU feed-forward (Llama's MLP, hidden_act "silu"), in place:
//   gate (R x n), up (R x n): gate = silu(gate) · up, silu(g) = g / (1 + exp(−g)) as
//   torch.nn.functional.silu computes it in float32.
// Rows in parallel (OpenMP) from 64 rows on; each cell's bits do not depend on it.
void swiGlu(Eigen::Ref<Matrix> gate, const Eigen::Ref<const Matrix>& up);

} // namespace ae
