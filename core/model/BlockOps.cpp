#include "BlockOps.h"

#include "Gelu.h"
#include "LayerNorm.h"
#include "Linear.h"
#include "MatMul.h"
#include "ParallelFailure.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ae {

namespace {

// OpenBLAS's tiles for stacked rows: ablation stacks 12 x 32 rows (GPT-2 small at T = 32),
// which tiles of 256 rows would cut into a full tile and a third of one (measured: the logits
// product 1.4x faster in one tile of 384 rows, and 10% more with 1024 of its 50257 columns
// per tile; the block's products keep 384, enough tiles for both cores at 768 columns).
constexpr BlasTiles StackedTiles{512, 384};
constexpr BlasTiles StackedLogitTiles{512, 1024};

} // namespace

Matrix conv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
              BlockProducts products)
{
    if (products == BlockProducts::Linear)
        return linear(x, weight.matrix(), bias.vector());
    Matrix y = fastMatmul(x, weight.matrix(), false, StackedTiles);
    if (!bias.empty())
        y.rowwise() += bias.vector();
    return y;
}

Matrix layerNormRows(const Eigen::Ref<const Matrix>& x, const TensorRef& weight,
                     const TensorRef& bias, float eps)
{
    return layerNorm(x, weight.vector(), bias.vector(), eps);
}

void addFeedForward(const TransformerConfig& c, const TransformerLayerParams& lp, Matrix& x,
                    BlockProducts products)
{
    if (!c.mlp || x.rows() == 0)
        return;
    Matrix h = conv1d(layerNormRows(x, lp.ln2Weight, lp.ln2Bias, c.epsilon), lp.fcWeight, lp.fcBias,
                      products); // (R x 4d)
    geluTanh(h);
    x += conv1d(h, lp.fcProjWeight, lp.fcProjBias, products);
}

Matrix finalLogits(const TransformerModel& model, const Eigen::Ref<const Matrix>& x,
                   BlockProducts products)
{
    constexpr Eigen::Index LogitRows = 4096;
    const TransformerParams& p = model.params();
    const Matrix normed = layerNormRows(x, p.lnfWeight, p.lnfBias, model.config().epsilon);
    const auto head = p.outHead.matrix();
    if (products == BlockProducts::Stacked)
        return fastMatmul(normed, head, true, StackedLogitTiles);
    const Eigen::Index V = head.rows();
    const Eigen::Index blocks = (V + LogitRows - 1) / LogitRows;
    Matrix out(x.rows(), V);
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (blocks > 1)
    for (Eigen::Index b = 0; b < blocks; ++b)
        failure.run([&] {
            const Eigen::Index first = b * LogitRows, rows = std::min(LogitRows, V - first);
            out.middleCols(first, rows).noalias() =
                normed * head.middleRows(first, rows).transpose();
        });
    failure.rethrow();
    return out;
}

std::vector<NextToken> topNextTokens(const Eigen::Ref<const RowVector>& logits, int count,
                                     float temperature)
{
    if (logits.size() == 0)
        return {};
    const RowVector scaled = logits / temperature;
    const float max = scaled.maxCoeff();
    const double sum = (scaled.array() - max).exp().cast<double>().sum();
    std::vector<std::int64_t> order(static_cast<std::size_t>(scaled.size()));
    std::iota(order.begin(), order.end(), 0);
    const auto n = std::min<std::size_t>(std::size_t(std::max(count, 0)), order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(n), order.end(),
                      [&](std::int64_t a, std::int64_t b) {
                          return scaled[a] > scaled[b] || (scaled[a] == scaled[b] && a < b);
                      });
    std::vector<NextToken> top;
    for (std::size_t i = 0; i < n; ++i)
        top.push_back(
            {order[i], static_cast<float>(std::exp(double(scaled[order[i]] - max)) / sum)});
    return top;
}

} // namespace ae
