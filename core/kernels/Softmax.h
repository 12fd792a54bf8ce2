#pragma once

#include "Arithmetic.h"

#include <cstdint>

namespace ae {

// Softmax of one row of scores, as torch.softmax(scores / divisor, dim=-1) computes it:
// each score is divided (not multiplied by a reciprocal) by `divisor`, the row maximum
// is subtracted before exp for stability, and the exps are scaled by 1/sum.
//   in, out: n floats; only the first `visible` cells take part (a causal row), the
//   rest of `out` is 0, exactly what -inf scores give.
// Robust for any input: a row with nothing visible or only -inf gives zeros (PyTorch:
// NaN), +inf cells share the weight equally, NaN cells count as -inf.
void softmaxRow(const float* in, float* out, std::int64_t n, std::int64_t visible, float divisor,
                Arithmetic arithmetic);

// The book's first causal method for one row: softmax over all n cells, zero the cells
// from `visible` on, divide the kept cells by their sum (0 where that sum underflows).
void renormalizedSoftmaxRow(const float* in, float* out, std::int64_t n, std::int64_t visible,
                            float divisor, Arithmetic arithmetic);

// Both for a row whose visible cells are [first, last) (a sliding window's band): the cells
// before `first` count as hidden too. TorchOrder sums the whole row in ATen's lane pattern,
// hidden cells as zeros, as PyTorch sums a masked row: the same bits as the prefix forms.
void softmaxRowRange(const float* in, float* out, std::int64_t n, std::int64_t first,
                     std::int64_t last, float divisor, Arithmetic arithmetic);
void renormalizedSoftmaxRowRange(const float* in, float* out, std::int64_t n, std::int64_t first,
                                 std::int64_t last, float divisor, Arithmetic arithmetic);

// exp of n floats in place, each cell's value independent of where the row sits in memory
// (Eigen's exp on an unaligned row computes its head and tail with std::exp and the middle
// with packets, so a cell's last bit would depend on the row's alignment): every cell goes
// through Eigen's packet exp (on an AVX-512 CPU the same operations in SoftmaxAvx512.cpp,
// whatever the build's flags), loaded unaligned (a lane's result does not depend on the
// address), the ragged tail padded. That exp flushes to 0 (AVX-512) or clamps
// to 2.9e-39 (SSE, AVX2, even for -inf) below about -87.7, where std::exp and PyTorch's
// kernels (glibc expf, Sleef) keep subnormals down to exp(-103.97); cells below ExpPacketLow
// take std::exp instead, whose results there are PyTorch's to the bit.
void packetExp(float* x, std::int64_t n);

namespace detail {
// The fast arithmetic's two implementations, exposed for the tests: on Eigen's packets
// (packetLanes() floats wide: 16 in a native AVX-512 build, 4 in a portable one), and in
// AVX-512 intrinsics (SoftmaxAvx512.cpp; call only when avx512Kernels() is true), which a
// portable build runs on an AVX-512 CPU. On the visible cells; false where the careful path
// must take the row (a +inf or NaN score, nothing finite).
bool fastSoftmaxPackets(const float* in, float* out, long visible, float divisor);
bool fastSoftmaxAvx512(const float* in, float* out, long visible, float divisor);
// packetExp's two implementations.
void packetExpPackets(float* x, long n);
void packetExpAvx512(float* x, long n);
long packetLanes();
} // namespace detail

} // namespace ae
