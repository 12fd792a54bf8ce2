#include "AttentionKernel.h"

#include "MatMul.h"
#include "Softmax.h"
#include "Trace.h"

#include <algorithm>

namespace ae {

namespace {

Eigen::Index visibleCount(bool causal, Eigen::Index row, Eigen::Index keyCount)
{
    return causal ? std::min(row + 1, keyCount) : keyCount;
}

// Keys visible to the last row of the block starting at `row`.
Eigen::Index blockVisible(Eigen::Index row, Eigen::Index rows, Eigen::Index keyCount)
{
    return std::min(row + rows, keyCount);
}

} // namespace

bool skipsHiddenScores(const HeadOptions& options)
{
    return options.arithmetic == Arithmetic::Fast && options.causal && options.maskMethod == MaskMethod::NegInf;
}

void attendHead(const Matrix& queries, const Matrix& keys, const Matrix& values,
                const HeadOptions& options, HeadTrace& head)
{
    const Eigen::Index T = queries.rows();
    const Eigen::Index S = keys.rows();
    const Arithmetic arithmetic = options.arithmetic;
    const bool blocked = options.arithmetic == Arithmetic::Fast && options.causal;

    if (skipsHiddenScores(options)) {
        head.attnScores.resize(T, S);
        for (Eigen::Index r = 0; r < T; r += CausalBlockRows) {
            const Eigen::Index rows = std::min(CausalBlockRows, T - r);
            const Eigen::Index visible = blockVisible(r, rows, S);
            head.attnScores.block(r, 0, rows, visible).noalias() =
                queries.middleRows(r, rows) * keys.topRows(visible).transpose();
        }
    } else {
        head.attnScores = matmulTransposed(queries, keys, arithmetic);
    }

    head.attnWeights.resize(T, S);
    const bool renormalize = options.causal && options.maskMethod == MaskMethod::Renormalize;
    for (Eigen::Index i = 0; i < T; ++i) {
        const float* scores = head.attnScores.row(i).data();
        float* weights = head.attnWeights.row(i).data();
        const Eigen::Index visible = visibleCount(options.causal, i, S);
        if (renormalize)
            renormalizedSoftmaxRow(scores, weights, S, visible, options.scoreDivisor, arithmetic);
        else
            softmaxRow(scores, weights, S, visible, options.scoreDivisor, arithmetic);
    }

    const Matrix* used = &head.attnWeights;
    if (options.keepMask) {
        head.dropoutMask = *options.keepMask;
        head.attnWeightsDropped = head.attnWeights.cwiseProduct(head.dropoutMask * options.dropoutScale);
        used = &head.attnWeightsDropped;
    }

    if (blocked) {
        head.contextVec.resize(T, values.cols());
        for (Eigen::Index r = 0; r < T; r += CausalBlockRows) {
            const Eigen::Index rows = std::min(CausalBlockRows, T - r);
            const Eigen::Index visible = blockVisible(r, rows, S);
            head.contextVec.middleRows(r, rows).noalias() = used->block(r, 0, rows, visible) * values.topRows(visible);
        }
    } else {
        head.contextVec = matmul(*used, values, arithmetic);
    }
}

void completeHiddenScores(const Matrix& queries, const Matrix& keys, HeadTrace& head)
{
    const Eigen::Index T = queries.rows();
    const Eigen::Index S = keys.rows();
    for (Eigen::Index r = 0; r < T; r += CausalBlockRows) {
        const Eigen::Index rows = std::min(CausalBlockRows, T - r);
        const Eigen::Index visible = blockVisible(r, rows, S);
        if (visible < S)
            head.attnScores.block(r, visible, rows, S - visible).noalias() =
                queries.middleRows(r, rows) * keys.bottomRows(S - visible).transpose();
    }
}

} // namespace ae
