#pragma once

namespace ae::cephes {

// Scalar twins of the AVX2 log/sincos (Cephes polynomials, as in avx_mathfun.h)
// that PyTorch 1.13's AVX2 normal_fill uses for float tensors of 16+ elements.
// They reproduce that binary bit for bit, including the multiply-adds its compiler
// fused (checked on 3 x 2^20 draws against Debian's python3-torch): std::log and
// std::cos differ from it in the last bit for about 1 value in 6.
float logf(float x);
void sincosf(float x, float* sine, float* cosine);

} // namespace ae::cephes
