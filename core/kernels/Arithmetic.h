#pragma once

#include <cstdint>

namespace ae {

// Two ways to do the same float32 arithmetic.
//  TorchOrder: every sum in the order PyTorch 1.13's portable build performs it (matrix
//    products as sequential dot products without fused multiply-add, bias added last;
//    softmax and row sums in ATen's 8-lane patterns; glibc expf). Small sessions then
//    equal PyTorch's tensors bit for bit, so every printed digit matches the seeds'.
//  Fast: Eigen's blocked SIMD/OpenMP GEMM (OpenBLAS's sgemm for large products in an AE_BLAS
//    build, MatMul.h) and vectorised exp; the same numbers to float32
//    rounding (the tests bound the difference), for sessions where speed matters.
enum class Arithmetic
{
    TorchOrder,
    Fast
};

} // namespace ae
