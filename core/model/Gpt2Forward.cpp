#include "Gpt2Forward.h"

#include "Gpt2Attention.h"
#include "Gpt2Model.h"
#include "Gpt2Trace.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ae {

namespace {

// x (T x d) -> (T x d): (x - mean) / sqrt(var + eps) · weight + bias per row, the
// variance biased (divided by d), as the book's LayerNorm.
Matrix layerNorm(const Matrix& x, const TensorRef& weight, const TensorRef& bias, float eps)
{
    Matrix out(x.rows(), x.cols());
    const auto w = weight.vector().array();
    const auto b = bias.vector().array();
#pragma omp parallel for if (x.rows() >= 64)
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const auto row = x.row(i).array();
        const float mean = row.mean();
        const float var = (row - mean).square().mean();
        out.row(i) = ((row - mean) / std::sqrt(var + eps)) * w + b;
    }
    return out;
}

// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), in place on h (T x 4d).
void geluTanh(Matrix& h)
{
    const float c = std::sqrt(2.0f / float(M_PI));
#pragma omp parallel for if (h.rows() >= 64)
    for (Eigen::Index i = 0; i < h.rows(); ++i) {
        auto x = h.row(i).array();
        x = 0.5f * x * (1.0f + (c * (x + 0.044715f * x.cube())).tanh());
    }
}

// y (T x out) = x (T x in) · W (in x out) + b, Conv1D as Hugging Face stores it.
Matrix conv1d(const Matrix& x, const TensorRef& weight, const TensorRef& bias)
{
    Matrix y(x.rows(), weight.cols);
    y.noalias() = x * weight.matrix();
    y.rowwise() += bias.vector();
    return y;
}

void attention(const Gpt2Config& c, const Gpt2LayerParams& p, Gpt2LayerTrace& layer, Matrix& x)
{
    const Matrix& a = layer.ln1;
    const Eigen::Index d = c.nEmbd;
    const Eigen::Index T = a.rows();
    const int hd = c.headDim();
    Matrix qkv = conv1d(a, p.attnWeight, p.attnBias); // (T x 3d)
    layer.queries = qkv.leftCols(d);
    layer.keys = qkv.middleCols(d, d);
    layer.values = qkv.rightCols(d);

    Matrix context(T, d);
    // Heads in parallel; the GEMMs inside each run on one thread (Eigen does not nest).
#pragma omp parallel for schedule(dynamic) if (c.nHead > 1 && T >= 32)
    for (int h = 0; h < c.nHead; ++h) {
        Matrix weights;
        gpt2CausalWeights(layer.queries.middleCols(h * hd, hd), layer.keys.middleCols(h * hd, hd),
                          weights);
        // weights is zero above the diagonal: only the lower triangle multiplies.
        context.middleCols(h * hd, hd).noalias() =
            weights.triangularView<Eigen::Lower>() * layer.values.middleCols(h * hd, hd);
    }
    x += conv1d(context, p.attnProjWeight, p.attnProjBias);
}

std::vector<NextToken> topTokens(const RowVector& logits, std::size_t count)
{
    const float max = logits.maxCoeff();
    const double sum = (logits.array() - max).exp().cast<double>().sum();
    std::vector<std::int64_t> order(static_cast<std::size_t>(logits.size()));
    std::iota(order.begin(), order.end(), 0);
    count = std::min(count, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(count), order.end(),
                      [&](std::int64_t a, std::int64_t b) {
                          return logits[a] > logits[b] || (logits[a] == logits[b] && a < b);
                      });
    std::vector<NextToken> top;
    for (std::size_t i = 0; i < count; ++i)
        top.push_back(
            {order[i], static_cast<float>(std::exp(double(logits[order[i]] - max)) / sum)});
    return top;
}

} // namespace

std::shared_ptr<const Gpt2Trace> gpt2Forward(std::shared_ptr<const Gpt2Model> model,
                                             const std::vector<std::int64_t>& ids)
{
    const Gpt2Config& c = model->config();
    const Gpt2Params& p = model->params();
    const auto T = static_cast<Eigen::Index>(ids.size());
    auto trace = std::make_shared<Gpt2Trace>();
    trace->tokenIds = ids;
    trace->layers.resize(std::size_t(c.nLayer));

    Matrix x(T, c.nEmbd);
    const auto wte = p.wte.matrix();
    const auto wpe = p.wpe.matrix();
    for (Eigen::Index t = 0; t < T; ++t)
        x.row(t) = wte.row(ids[std::size_t(t)]) + wpe.row(t);

    for (int l = 0; l < c.nLayer; ++l) {
        const Gpt2LayerParams& lp = p.layers[std::size_t(l)];
        Gpt2LayerTrace& layer = trace->layers[std::size_t(l)];
        layer.ln1 = layerNorm(x, lp.ln1Weight, lp.ln1Bias, c.epsilon);
        attention(c, lp, layer, x);
        Matrix h = conv1d(layerNorm(x, lp.ln2Weight, lp.ln2Bias, c.epsilon), lp.fcWeight,
                          lp.fcBias); // (T x 4d)
        geluTanh(h);
        x += conv1d(h, lp.fcProjWeight, lp.fcProjBias);
    }

    if (T > 0) {
        const Matrix last =
            layerNorm(x.bottomRows(1), p.lnfWeight, p.lnfBias, c.epsilon); // (1 x d)
        trace->lastLogits.noalias() = last * wte.transpose();              // (1 x V)
        trace->nextTokens = topTokens(trace->lastLogits, 10);
    }
    trace->model = std::move(model);
    return trace;
}

} // namespace ae
