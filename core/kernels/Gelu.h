#pragma once

#include "Matrix.h"

namespace ae {

// GELU, tanh approximation (GPT-2's "gelu_new", torch's gelu(approximate="tanh")), in place:
//   h (R x n): h = 0.5 · h · (1 + tanh(√(2/π) · (h + 0.044715 · h³))).
// Rows in parallel (OpenMP) from 64 rows on; each cell's bits do not depend on it.
void geluTanh(Eigen::Ref<Matrix> h);

} // namespace ae
