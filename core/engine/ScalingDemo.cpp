#include "ScalingDemo.h"

#include "MatMul.h"
#include "Matrix.h"
#include "Softmax.h"
#include "TorchGenerator.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

// Unbiased standard deviation (torch.std's default), accumulated in double.
double standardDeviation(const std::vector<float>& values, double divisor)
{
    const double n = double(values.size());
    if (n < 2)
        return 0;
    double sum = 0;
    for (const float v : values)
        sum += double(v) / divisor;
    const double mean = sum / n;
    double squares = 0;
    for (const float v : values) {
        const double d = double(v) / divisor - mean;
        squares += d * d;
    }
    return std::sqrt(squares / (n - 1));
}

// One d_k. Shapes: Q, K (sentences, T, d_k) drawn as two contiguous tensors; per sentence
// scores (T, T) = Q_b · K_bᵀ; softmax row by row, once on ω and once on ω / √d_k.
ScalingDemoRow measure(const ScalingDemoOptions& options, int headDim)
{
    const Eigen::Index T = options.tokens;
    const Eigen::Index perSentence = T * headDim;
    std::vector<float> queries(std::size_t(options.sentences * perSentence));
    std::vector<float> keys(queries.size());
    TorchGenerator generator(options.seed);
    generator.normal(queries, 0.0f, 1.0f);
    generator.normal(keys, 0.0f, 1.0f);

    // d_k ** 0.5 as Python computes it, then used as a float32 divisor like the engine does.
    const float divisor = static_cast<float>(std::sqrt(static_cast<double>(headDim)));
    ScalingDemoRow row;
    row.headDim = headDim;
    std::vector<float> allScores;
    allScores.reserve(std::size_t(options.sentences * T * T));
    std::vector<float> weights(static_cast<std::size_t>(T));
    const double rows = double(options.sentences) * double(T);
    for (int b = 0; b < options.sentences; ++b) {
        const Eigen::Map<const Matrix> q(queries.data() + b * perSentence, T, headDim);
        const Eigen::Map<const Matrix> k(keys.data() + b * perSentence, T, headDim);
        const Matrix scores = matmulTransposed(q, k, Arithmetic::TorchOrder);
        allScores.insert(allScores.end(), scores.data(), scores.data() + scores.size());
        for (Eigen::Index r = 0; r < T; ++r) {
            const float* in = scores.data() + r * T;
            softmaxRow(in, weights.data(), T, T, 1.0f, Arithmetic::TorchOrder);
            const double largest = *std::max_element(weights.begin(), weights.end());
            row.maxWeight += largest / rows;
            row.saturatedRows += (largest > SaturatedWeight ? 1.0 : 0.0) / rows;
            softmaxRow(in, weights.data(), T, T, divisor, Arithmetic::TorchOrder);
            const double scaledLargest = *std::max_element(weights.begin(), weights.end());
            row.scaledMaxWeight += scaledLargest / rows;
            row.scaledSaturatedRows += (scaledLargest > SaturatedWeight ? 1.0 : 0.0) / rows;
        }
    }
    row.scoreStd = standardDeviation(allScores, 1.0);
    row.scaledScoreStd = standardDeviation(allScores, double(divisor));
    return row;
}

} // namespace

ScalingDemo runScalingDemo(const ScalingDemoOptions& options)
{
    ScalingDemo demo;
    demo.options = options;
    for (const int headDim : options.headDims)
        if (headDim > 0 && options.tokens > 0 && options.sentences > 0)
            demo.rows.push_back(measure(options, headDim));
    return demo;
}

} // namespace ae
