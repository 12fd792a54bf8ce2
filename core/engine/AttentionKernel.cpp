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
    return options.arithmetic == Arithmetic::Fast && options.causal &&
           options.maskMethod == MaskMethod::NegInf;
}

namespace {

// Row i: softmax of its visible scores by the session's mask method (torch order or fast).
void weightsRow(const HeadOptions& options, HeadTrace& head, Eigen::Index i)
{
    const Eigen::Index S = head.attnScores.cols();
    const float* scores = head.attnScores.row(i).data();
    float* weights = head.attnWeights.row(i).data();
    const Eigen::Index visible = visibleCount(options.causal, i, S);
    if (options.causal && options.maskMethod == MaskMethod::Renormalize)
        renormalizedSoftmaxRow(scores, weights, S, visible, options.scoreDivisor,
                               options.arithmetic);
    else
        softmaxRow(scores, weights, S, visible, options.scoreDivisor, options.arithmetic);
}

void dropoutRows(const HeadOptions& options, HeadTrace& head, Eigen::Index first, Eigen::Index rows)
{
    head.dropoutMask.middleRows(first, rows) = options.keepMask->middleRows(first, rows);
    head.attnWeightsDropped.middleRows(first, rows) =
        head.attnWeights.middleRows(first, rows)
            .cwiseProduct(head.dropoutMask.middleRows(first, rows) * options.dropoutScale);
}

// The fast path, one block of rows at a time so that its scores and weights are still in
// cache when the context is computed: scores block -> softmax rows -> dropout -> context
// block. With a causal mask, row block [r, r + B) reads keys [0, r + B) only.
void attendBlocked(const Matrix& queries, const Matrix& keys, const Matrix& values,
                   const HeadOptions& options, HeadTrace& head)
{
    const Eigen::Index T = queries.rows();
    const Eigen::Index S = keys.rows();
    const bool fullRows = !skipsHiddenScores(options); // renormalize reads every score
    const Eigen::Index blocks = (T + CausalBlockRows - 1) / CausalBlockRows;
    // The blocks are independent (each writes its own rows), so they run in parallel when the
    // heads do not (one head); inside the parallel loop over heads this is a team of one.
    // Either way each block computes the same bits (Eigen's GEMM is single-threaded here).
#pragma omp parallel for schedule(dynamic) if (blocks > 1)
    for (Eigen::Index block = 0; block < blocks; ++block) {
        const Eigen::Index r = block * CausalBlockRows;
        const Eigen::Index rows = std::min(CausalBlockRows, T - r);
        const Eigen::Index visible = options.causal ? blockVisible(r, rows, S) : S;
        const Eigen::Index computed = fullRows ? S : visible;
        head.attnScores.block(r, 0, rows, computed).noalias() =
            queries.middleRows(r, rows) * keys.topRows(computed).transpose();
        for (Eigen::Index i = r; i < r + rows; ++i)
            weightsRow(options, head, i);
        const Matrix* used = &head.attnWeights;
        if (options.keepMask) {
            dropoutRows(options, head, r, rows);
            used = &head.attnWeightsDropped;
        }
        head.contextVec.middleRows(r, rows).noalias() =
            used->block(r, 0, rows, visible) * values.topRows(visible);
    }
}

} // namespace

void shapeHeadOutputs(HeadTrace& head, Eigen::Index T, Eigen::Index S, Eigen::Index dv,
                      bool dropout)
{
    head.attnScores.resize(T, S);
    head.attnWeights.resize(T, S);
    head.contextVec.resize(T, dv);
    if (dropout) {
        head.dropoutMask.resize(T, S);
        head.attnWeightsDropped.resize(T, S);
    }
}

void attendHead(const Matrix& queries, const Matrix& keys, const Matrix& values,
                const HeadOptions& options, HeadTrace& head)
{
    const Eigen::Index T = queries.rows();
    shapeHeadOutputs(head, T, keys.rows(), values.cols(), options.keepMask != nullptr);
    if (options.arithmetic == Arithmetic::Fast) {
        attendBlocked(queries, keys, values, options, head);
        return;
    }
    head.attnScores = matmulTransposed(queries, keys, options.arithmetic);
    for (Eigen::Index i = 0; i < T; ++i)
        weightsRow(options, head, i);
    if (options.keepMask)
        dropoutRows(options, head, 0, T);
    head.contextVec = matmul(options.keepMask ? head.attnWeightsDropped : head.attnWeights, values,
                             options.arithmetic);
}

void completeHiddenScores(const Matrix& queries, const Matrix& keys, HeadTrace& head)
{
    const Eigen::Index T = queries.rows();
    const Eigen::Index S = keys.rows();
    const Eigen::Index blocks = (T + CausalBlockRows - 1) / CausalBlockRows;
#pragma omp parallel for schedule(dynamic) if (blocks > 1) // as in attendBlocked
    for (Eigen::Index block = 0; block < blocks; ++block) {
        const Eigen::Index r = block * CausalBlockRows;
        const Eigen::Index rows = std::min(CausalBlockRows, T - r);
        const Eigen::Index visible = blockVisible(r, rows, S);
        if (visible < S)
            head.attnScores.block(r, visible, rows, S - visible).noalias() =
                queries.middleRows(r, rows) * keys.bottomRows(S - visible).transpose();
    }
}

} // namespace ae
