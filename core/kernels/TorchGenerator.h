#pragma once

#include "Matrix.h"
#include "Mt19937.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace ae {

// Which of ATen's CPU kernels the draws follow (ATEN_CPU_CAPABILITY). They consume the
// stream identically but round differently in the last bit:
//   Default: the portable scalar kernels (glibc logf/cosf/sinf, no fused multiply-add);
//   Avx2:    what torch picks by itself on an AVX2 CPU (avx_mathfun log/sincos, FMA).
enum class CpuCapability
{
    Default,
    Avx2
};

// PyTorch's default CPU generator (torch 1.13, as Debian's python3-torch runs it):
// an mt19937 stream plus ATen's distribution transforms. Every method consumes the
// stream exactly as the PyTorch call in its comment does, so a sequence of calls after
// manualSeed() reproduces a PyTorch script's tensors bit for bit.
class TorchGenerator
{
public:
    static constexpr std::uint64_t DefaultSeed = 67280421310721ULL; // torch's initial seed

    explicit TorchGenerator(std::uint64_t seed = DefaultSeed,
                            CpuCapability capability = CpuCapability::Default);

    // torch.manual_seed(seed): restarts the stream and forgets the cached normal sample.
    void manualSeed(std::uint64_t seed);

    std::uint32_t random();   // one 32-bit draw
    std::uint64_t random64(); // two draws; the first becomes the high word
    void discard(std::uint64_t draws) { m_engine.discard(draws); }

    // torch.rand / tensor.uniform_(from, to) on float32: 24 random bits per value.
    void uniform(std::span<float> out, float from, float to);

    // tensor.normal_(mean, std) on a contiguous float32 tensor. PyTorch has two paths:
    // fewer than 16 elements use double Box-Muller with a cached second sample; 16 or
    // more fill all uniforms first, transform them in blocks of 16 (element j pairs with
    // j + 8), and redo the last 16 from fresh draws when the size is not a multiple of 16.
    void normal(std::span<float> out, float mean, float std);

    // The rows `rowIds` of a (rows x cols) tensor filled by normal_(mean, std), leaving the
    // stream where the full fill would. Only the needed 16-blocks are transformed, so an
    // nn.Embedding(50000, d) lookup costs the skipped draws, not 50000*d logs and cosines.
    Matrix normalRows(std::int64_t rows, std::int64_t cols, std::span<const std::int64_t> rowIds,
                      float mean, float std);

    // tensor.bernoulli_(p) on float32: 1 where a 53-bit uniform double is below p.
    void bernoulli(std::span<float> out, double p);

    // torch.randint(low, high, (n,)) on int64 (high > low): a range below 2^32 takes one
    // 32-bit draw per value (draw % range + low), a larger one a 64-bit draw; in order.
    std::int64_t randint(std::int64_t low, std::int64_t high);

    // torch.randperm(n) on int64, as torch 1.13's randperm_cpu shuffles: 0 ... n-1 in order,
    // then for i in [0, n-1) swap cell i with cell i + (one 32-bit draw % (n - i)).
    std::vector<std::int64_t> randperm(std::int64_t n);

    // torch.multinomial(probs, 1) on a float32 vector of non-negative weights, as torch 1.13
    // draws one sample on the CPU: q = empty_like(probs).exponential_(1) (every cell, in
    // order: -log(1 - u) of a 53-bit uniform double, rounded to float), then the first index
    // of the largest probs / q (float division). Cells of weight 0 are never drawn.
    std::int64_t multinomialOne(std::span<const float> probs);

private:
    float uniformFloat(float from, float to);
    double uniformDouble();
    double normalDouble(double mean, double std);
    void normalBlock16(float* data, float mean, float std) const;

    Mt19937 m_engine;
    std::optional<double> m_nextDoubleNormal;
    CpuCapability m_capability = CpuCapability::Default;
};

} // namespace ae
