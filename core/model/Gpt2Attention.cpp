#include "Gpt2Attention.h"

#include "Gpt2Trace.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace ae {

void gpt2CausalWeights(const Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>& queries,
                       const Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>& keys,
                       Matrix& weights, Eigen::Index firstQuery)
{
    const Eigen::Index R = queries.rows();
    const Eigen::Index S = firstQuery + R;
    assert(keys.rows() >= S);
    const float divisor = std::sqrt(static_cast<float>(queries.cols()));
    weights.resize(R, S);
    // Row blocks of 64: the block's scores against keys 0..(last row of the block) in
    // one GEMM, about half the work of the full square.
    constexpr Eigen::Index Block = 64;
    for (Eigen::Index r = 0; r < R; r += Block) {
        const Eigen::Index rows = std::min(Block, R - r);
        const Eigen::Index visible = firstQuery + r + rows;
        weights.block(r, 0, rows, visible).noalias() =
            queries.middleRows(r, rows) * keys.topRows(visible).transpose();
        for (Eigen::Index i = r; i < r + rows; ++i) {
            const Eigen::Index seenCount = firstQuery + i + 1;
            auto row = weights.row(i);
            auto seen = row.head(seenCount);
            seen /= divisor;
            const float max = seen.maxCoeff();
            seen = (seen.array() - max).exp();
            seen /= seen.sum();
            row.tail(S - seenCount).setZero();
        }
    }
}

Matrix gpt2AttnWeights(const Gpt2Trace& trace, int layer, int head)
{
    const Gpt2LayerTrace& l = trace.layers[std::size_t(layer)];
    const int hd = trace.headDim();
    Matrix weights;
    gpt2CausalWeights(l.queries.middleCols(head * hd, hd), l.keys.middleCols(head * hd, hd),
                      weights);
    return weights;
}

RowVector gpt2AttnRow(const Gpt2Trace& trace, int layer, int head, int query)
{
    const Gpt2LayerTrace& l = trace.layers[std::size_t(layer)];
    const int hd = trace.headDim();
    const float divisor = std::sqrt(static_cast<float>(hd));
    RowVector row = l.queries.row(query).segment(head * hd, hd) *
                    l.keys.topRows(query + 1).middleCols(head * hd, hd).transpose();
    row /= divisor;
    const float max = row.maxCoeff();
    row = (row.array() - max).exp();
    row /= row.sum();
    return row;
}

} // namespace ae
