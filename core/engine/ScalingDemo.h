#pragma once

#include <cstdint>
#include <vector>

namespace ae {

// Why attention divides the scores by √d_k, measured: random queries and keys with unit
// normal entries give scores q·k whose standard deviation grows like √d_k, and softmax of
// such large scores saturates into a one-hot row; divided by √d_k they keep a spread of
// about 1 whatever d_k, and the weights stay spread over the keys.
//
// For each d_k: torch.manual_seed(seed); Q = torch.randn(sentences, tokens, d_k);
// K = torch.randn(sentences, tokens, d_k); scores = Q @ K.transpose(1, 2), then softmax
// of every row with and without the division. The draws are PyTorch's bit for bit
// (TorchGenerator); the statistics are taken over all sentences so that they do not hang
// on one lucky or unlucky draw.
struct ScalingDemoOptions
{
    std::vector<int> headDims{2, 8, 32, 128, 512, 2048};
    int sentences = 100; // independent (tokens x tokens) score matrices per d_k
    int tokens = 6;      // T: as in "Life is short, eat dessert first"
    std::uint64_t seed = 123;
};

struct ScalingDemoRow
{
    int headDim = 0;                // d_k
    double scoreStd = 0;            // std of ω = q·k over every score (unbiased, as torch.std)
    double scaledScoreStd = 0;      // std of ω / √d_k
    double maxWeight = 0;           // mean over rows of the largest weight of softmax(ω)
    double scaledMaxWeight = 0;     // mean over rows of the largest weight of softmax(ω / √d_k)
    double saturatedRows = 0;       // fraction of softmax(ω) rows whose largest weight is > 0.99
    double scaledSaturatedRows = 0; // the same for softmax(ω / √d_k)
};

struct ScalingDemo
{
    ScalingDemoOptions options;
    std::vector<ScalingDemoRow> rows; // one per options.headDims entry, in that order
};

// Takes about 30 ms with the default options (2.5 M normal draws at d_k = 2048).
ScalingDemo runScalingDemo(const ScalingDemoOptions& options = {});

// The largest softmax weight a row can count as "one-hot".
inline constexpr double SaturatedWeight = 0.99;

} // namespace ae
