#include "BlockOps.h"

#include "Gelu.h"
#include "LayerNorm.h"
#include "Linear.h"
#include "MatMul.h"
#include "ParallelFailure.h"
#include "RmsNorm.h"
#include "SwiGlu.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ae {

namespace {

void conv1dInto(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
                BlockProducts products, Eigen::Ref<Matrix> y, ProductWrite write)
{
    const bool large =
        productPath(x.rows(), x.cols(), weight.cols, Arithmetic::Fast) == ProductPath::Blas;
    if (products == BlockProducts::Linear && !large) {
        if (write == ProductWrite::Add)
            y += linear(x, weight.matrix(), bias.vector(), weight.transposed);
        else
            y = linear(x, weight.matrix(), bias.vector(), weight.transposed);
        return;
    }
    fastMatmulInto(x, weight.matrix(), weight.transposed, y, {},
                   bias.empty() ? nullptr : bias.vector().data(), write);
}

} // namespace

void conv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
            BlockProducts products, Eigen::Ref<Matrix> y)
{
    conv1dInto(x, weight, bias, products, y, ProductWrite::Replace);
}

void addConv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
               BlockProducts products, Eigen::Ref<Matrix> y)
{
    conv1dInto(x, weight, bias, products, y, ProductWrite::Add);
}

Matrix conv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
              BlockProducts products)
{
    Matrix y(x.rows(), weight.cols);
    conv1d(x, weight, bias, products, y);
    return y;
}

void normRows(const TransformerConfig& c, const Eigen::Ref<const Matrix>& x,
              const TensorRef& weight, const TensorRef& bias, Eigen::Ref<Matrix> out)
{
    if (c.norm == NormKind::RmsNorm)
        rmsNorm(x, weight.vector(), c.epsilon, out);
    else
        layerNorm(x, weight.vector(), bias.vector(), c.epsilon, out);
}

Matrix normRows(const TransformerConfig& c, const Eigen::Ref<const Matrix>& x,
                const TensorRef& weight, const TensorRef& bias)
{
    Matrix out(x.rows(), x.cols());
    normRows(c, x, weight, bias, out);
    return out;
}

Matrix blockQkv(const TransformerConfig& c, const TransformerLayerParams& lp,
                const Eigen::Ref<const Matrix>& normed, BlockProducts products)
{
    Matrix qkv;
    if (!lp.attnWeight.empty()) {
        qkv = conv1d(normed, lp.attnWeight, lp.attnBias, products);
    } else { // three projections side by side
        const Eigen::Index qd = c.attentionWidth(), kvd = Eigen::Index(c.kvHeads()) * c.headDim();
        qkv.resize(normed.rows(), qd + 2 * kvd);
        conv1d(normed, lp.queryWeight, {}, products, qkv.leftCols(qd));
        conv1d(normed, lp.keyWeight, {}, products, qkv.middleCols(qd, kvd));
        conv1d(normed, lp.valueWeight, {}, products, qkv.rightCols(kvd));
        if (!lp.attnBias.empty())
            qkv.rowwise() += lp.attnBias.vector();
    }
    if (!c.qkNorm || qkv.rows() == 0)
        return qkv;
    const int hd = c.headDim();
    const auto normHeads = [&](Eigen::Index first, int heads, const TensorRef& weight) {
        for (int h = 0; h < heads; ++h) {
            auto head = qkv.middleCols(first + Eigen::Index(h) * hd, hd);
            rmsNorm(head, weight.vector(), c.epsilon, head);
        }
    };
    normHeads(0, c.nHead, lp.qNormWeight);
    normHeads(c.attentionWidth(), c.kvHeads(), lp.kNormWeight);
    return qkv;
}

void rotateQueriesKeys(const TransformerConfig& c, const RopeRotation& rotation, Eigen::Index first,
                       Eigen::Ref<Matrix> qkv)
{
    if (!c.rope.on || qkv.rows() == 0)
        return;
    const int hd = c.headDim();
    const int heads = c.nHead + c.kvHeads();
    // The heads side by side on the threads from a few rows on (a typed token's one row is
    // not worth waking them for).
    ParallelFailure failure;
#pragma omp parallel for if (qkv.rows() >= 64)
    for (int h = 0; h < heads; ++h)
        failure.run([&] {
            auto head = qkv.middleCols(Eigen::Index(h) * hd, hd);
            head = applyRope(head, rotation, first);
        });
    failure.rethrow();
}

RopeRotation modelRotation(const TransformerConfig& c, Eigen::Index positions)
{
    if (!c.rope.on)
        return {};
    RowVector inverse = ropeInverseFrequencies(c.headDim(), c.rope.theta);
    if (c.rope.llama3Scaling)
        inverse = ropeLlama3InverseFrequencies(inverse, c.rope.scaling);
    return ropeRotation(positions, inverse, RopeStyle::Half);
}

void addFeedForward(const TransformerConfig& c, const TransformerLayerParams& lp,
                    Eigen::Ref<Matrix> x, BlockProducts products)
{
    if (!c.mlp || x.rows() == 0)
        return;
    const Matrix normed = normRows(c, x, lp.ln2Weight, lp.ln2Bias);
    Matrix h = conv1d(normed, lp.fcWeight, lp.fcBias, products); // (R x f)
    if (c.feedForward == FeedForwardKind::SwiGlu) {
        Matrix gate = conv1d(normed, lp.fcGateWeight, {}, products);
        swiGlu(gate, h);
        h.swap(gate);
    } else {
        geluTanh(h);
    }
    addConv1d(h, lp.fcProjWeight, lp.fcProjBias, products, x);
}

void addRows(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
             Eigen::Ref<Matrix> out)
{
    ParallelFailure failure;
#pragma omp parallel for if (out.rows() >= 64)
    for (Eigen::Index i = 0; i < out.rows(); ++i)
        failure.run([&] { out.row(i) = a.row(i) + b.row(i); });
    failure.rethrow();
}

void headSliceLogits(const TransformerModel& model, const Eigen::Ref<const Matrix>& normed,
                     Eigen::Index first, Eigen::Ref<Matrix> out, Matrix& widened)
{
    const TensorRef& head = model.params().outHead;
    const Eigen::Index n = out.cols();
    const BlasTiles oneTile{std::max<Eigen::Index>(normed.rows(), 1), std::max<Eigen::Index>(n, 1)};
    if (head.data) {
        fastMatmulInto(normed, head.matrix().middleRows(first, n), true, out, oneTile);
        return;
    }
    if (widened.rows() < n || widened.cols() != head.cols)
        widened.resize(n, head.cols);
    head.rowsInto(first, widened.topRows(n));
    fastMatmulInto(normed, widened.topRows(n), true, out, oneTile);
}

Matrix finalLogits(const TransformerModel& model, const Eigen::Ref<const Matrix>& x)
{
    constexpr Eigen::Index LogitRows = 4096;
    const TransformerParams& p = model.params();
    const Matrix normed = normRows(model.config(), x, p.lnfWeight, p.lnfBias);
    const TensorRef& head = p.outHead;
    const Eigen::Index V = head.rows;
    Matrix out(x.rows(), V);
    const Eigen::Index blocks = (V + LogitRows - 1) / LogitRows;
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (blocks > 1)
    for (Eigen::Index b = 0; b < blocks; ++b)
        failure.run([&] {
            const Eigen::Index first = b * LogitRows, rows = std::min(LogitRows, V - first);
            if (head.data) {
                out.middleCols(first, rows).noalias() =
                    normed * head.matrix().middleRows(first, rows).transpose();
                return;
            }
            Matrix block(rows, head.cols); // a half-precision head, widened block by block
            head.rowsInto(first, block);
            out.middleCols(first, rows).noalias() = normed * block.transpose();
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
