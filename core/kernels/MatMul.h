#pragma once

#include "Arithmetic.h"
#include "Matrix.h"

namespace ae {

// a (m x k) · b (k x n) -> (m x n)
Matrix matmul(const Matrix& a, const Matrix& b, Arithmetic arithmetic);

// a (m x k) · bᵀ, b being (n x k) -> (m x n): attention scores from queries and keys.
Matrix matmulTransposed(const Matrix& a, const Matrix& b, Arithmetic arithmetic);

// x · w + bias (bias broadcast over rows; empty bias: none), as nn.Linear / x @ W.
Matrix linear(const Matrix& x, const Matrix& w, const RowVector& bias, Arithmetic arithmetic);

} // namespace ae
