#include "AttentionKernel.h"

#include "MatMul.h"
#include "Softmax.h"
#include "Trace.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ae {

namespace {

Eigen::Index visibleCount(bool causal, Eigen::Index row, Eigen::Index keyCount)
{
    return causal ? std::min(row + 1, keyCount) : keyCount;
}

} // namespace

void attendHead(const Matrix& queries, const Matrix& keys, const Matrix& values,
                const HeadOptions& options, HeadTrace& head)
{
    const Eigen::Index T = queries.rows();
    const Eigen::Index S = keys.rows();

    const Arithmetic arithmetic = options.arithmetic;
    head.attnScores = matmulTransposed(queries, keys, arithmetic);

    head.attnWeights.resize(T, S);
    std::vector<float> other(options.compareMaskMethods ? static_cast<std::size_t>(S) : 0);
    float maxDiff = 0;
    for (Eigen::Index i = 0; i < T; ++i) {
        const float* scores = head.attnScores.row(i).data();
        float* weights = head.attnWeights.row(i).data();
        const Eigen::Index visible = visibleCount(options.causal, i, S);
        const bool renormalize = options.causal && options.maskMethod == MaskMethod::Renormalize;
        if (renormalize)
            renormalizedSoftmaxRow(scores, weights, S, visible, options.scoreDivisor, arithmetic);
        else
            softmaxRow(scores, weights, S, visible, options.scoreDivisor, arithmetic);
        if (options.compareMaskMethods) {
            if (renormalize)
                softmaxRow(scores, other.data(), S, visible, options.scoreDivisor, arithmetic);
            else
                renormalizedSoftmaxRow(scores, other.data(), S, visible, options.scoreDivisor, arithmetic);
            for (Eigen::Index j = 0; j < visible; ++j)
                maxDiff = std::max(maxDiff, std::fabs(weights[j] - other[static_cast<std::size_t>(j)]));
        }
    }
    head.maskMethodsMaxDiff = maxDiff;

    const Matrix* used = &head.attnWeights;
    if (options.keepMask) {
        head.dropoutMask = *options.keepMask;
        head.attnWeightsDropped = head.attnWeights.cwiseProduct(head.dropoutMask * options.dropoutScale);
        used = &head.attnWeightsDropped;
    }

    head.contextVec = matmul(*used, values, arithmetic);
}

} // namespace ae
