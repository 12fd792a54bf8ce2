#include "Gpt2Forward.h"

#include "Gpt2Attention.h"
#include "Gpt2Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ae {

namespace {

// x (R x d) -> out (R x d): (x - mean) / sqrt(var + eps) · weight + bias per row, the
// variance biased (divided by d), as the book's LayerNorm.
void layerNorm(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
               float eps, Eigen::Ref<Matrix> out)
{
    const auto w = weight.vector().array();
    const auto b = bias.vector().array();
#pragma omp parallel for if (x.rows() >= 64)
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const auto row = x.row(i).array();
        const float mean = row.mean();
        const float var = (row - mean).square().mean();
        out.row(i) = ((row - mean) / std::sqrt(var + eps)) * w + b;
    }
}

Matrix layerNorm(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
                 float eps)
{
    Matrix out(x.rows(), x.cols());
    layerNorm(x, weight, bias, eps, out);
    return out;
}

// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), in place on h (R x 4d).
void geluTanh(Matrix& h)
{
    const float c = std::sqrt(2.0f / float(M_PI));
#pragma omp parallel for if (h.rows() >= 64)
    for (Eigen::Index i = 0; i < h.rows(); ++i) {
        auto x = h.row(i).array();
        x = 0.5f * x * (1.0f + (c * (x + 0.044715f * x.cube())).tanh());
    }
}

// Up to this many rows a product is one GEMV per row instead of a GEMM, which packs (copies)
// the whole weight matrix first: a keystroke's forward computes one or two rows, and packing
// 85 M weights costs more than streaming them once per row. (On one thread: a parallel region
// per product costs more than it saves when the cores are shared.)
constexpr Eigen::Index GemvRows = 3;

// y (R x out) = x (R x in) · W (in x out) + b, Conv1D as Hugging Face stores it.
Matrix conv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias)
{
    Matrix y(x.rows(), weight.cols);
    if (x.rows() > GemvRows) {
        y.noalias() = x * weight.matrix();
    } else {
        for (Eigen::Index r = 0; r < x.rows(); ++r)
            y.row(r).noalias() = x.row(r) * weight.matrix();
    }
    if (!bias.empty()) // a family without this bias (the book's qkv_bias false)
        y.rowwise() += bias.vector();
    return y;
}

// rows (T x d) of the sequence: the first P copied from `kept` (the previous forward's, or
// null when P = 0), the last T - P left to be written.
void keepPrefix(Matrix& rows, const Matrix* kept, Eigen::Index T, Eigen::Index d, Eigen::Index P)
{
    rows.resize(T, d);
    if (P > 0)
        rows.topRows(P) = kept->topRows(P);
}

// One block's attention for the rows [P, T): x (R x d), a = LN1(x) (R x d) already in
// layer.ln1's last R rows; layer's queries, keys, values get their last R rows; x += the
// attention output of those rows.
void attention(const TransformerConfig& c, const TransformerLayerParams& p, Gpt2LayerTrace& layer,
               Eigen::Index P, Matrix& x)
{
    const Eigen::Index d = c.nEmbd;
    const Eigen::Index T = layer.ln1.rows();
    const Eigen::Index R = T - P;
    const int hd = c.headDim();
    const Matrix qkv = conv1d(layer.ln1.bottomRows(R), p.attnWeight, p.attnBias); // (R x 3d)
    layer.queries.bottomRows(R) = qkv.leftCols(d);
    layer.keys.bottomRows(R) = qkv.middleCols(d, d);
    layer.values.bottomRows(R) = qkv.rightCols(d);

    Matrix context(R, d);
    // Heads in parallel; the GEMMs inside each run on one thread (Eigen does not nest).
#pragma omp parallel for schedule(dynamic) if (c.nHead > 1 && R >= 32)
    for (int h = 0; h < c.nHead; ++h) {
        Matrix weights; // (R x T)
        const auto values = layer.values.middleCols(h * hd, hd);
        gpt2CausalWeights(layer.queries.bottomRows(R).middleCols(h * hd, hd),
                          layer.keys.middleCols(h * hd, hd), weights, P);
        // weights is zero after each row's own key: of the new rows' square (R x R) only the
        // lower triangle multiplies; the prefix's keys (R x P) all do.
        auto out = context.middleCols(h * hd, hd);
        out.noalias() = weights.rightCols(R).triangularView<Eigen::Lower>() * values.bottomRows(R);
        if (P > 0)
            out.noalias() += weights.leftCols(P) * values.topRows(P);
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

Eigen::Index gpt2ReusablePrefix(const TransformerModel& model, const std::vector<std::int64_t>& ids,
                                const Gpt2Trace* previous)
{
    if (!previous || previous->model.get() != &model ||
        previous->residual.rows() != previous->tokenCount() ||
        previous->layers.size() != std::size_t(model.config().nLayer))
        return 0;
    const auto& old = previous->tokenIds;
    const auto end = old.begin() + std::ptrdiff_t(std::min(old.size(), ids.size()));
    return Eigen::Index(std::mismatch(old.begin(), end, ids.begin()).first - old.begin());
}

std::shared_ptr<const Gpt2Trace> gpt2Forward(std::shared_ptr<const TransformerModel> model,
                                             const std::vector<std::int64_t>& ids)
{
    return gpt2Forward(std::move(model), ids, nullptr);
}

std::shared_ptr<const Gpt2Trace> gpt2Forward(std::shared_ptr<const TransformerModel> model,
                                             const std::vector<std::int64_t>& ids,
                                             const Gpt2Trace* previous)
{
    const TransformerConfig& c = model->config();
    const TransformerParams& p = model->params();
    const auto T = static_cast<Eigen::Index>(ids.size());
    const Eigen::Index P = gpt2ReusablePrefix(*model, ids, previous);
    const Eigen::Index R = T - P; // the rows computed here
    auto trace = std::make_shared<Gpt2Trace>();
    trace->tokenIds = ids;
    trace->reusedRows = P;
    trace->layers.resize(std::size_t(c.nLayer));

    // x (R x d): the residual stream of the rows [P, T).
    Matrix x(R, c.nEmbd);
    const auto wte = p.wte.matrix();
    const auto wpe = p.wpe.matrix();
    for (Eigen::Index t = P; t < T; ++t)
        x.row(t - P) = wte.row(ids[std::size_t(t)]) + wpe.row(t);

    for (int l = 0; l < c.nLayer; ++l) {
        const TransformerLayerParams& lp = p.layers[std::size_t(l)];
        Gpt2LayerTrace& layer = trace->layers[std::size_t(l)];
        const Gpt2LayerTrace* kept = P > 0 ? &previous->layers[std::size_t(l)] : nullptr;
        keepPrefix(layer.ln1, kept ? &kept->ln1 : nullptr, T, c.nEmbd, P);
        keepPrefix(layer.queries, kept ? &kept->queries : nullptr, T, c.nEmbd, P);
        keepPrefix(layer.keys, kept ? &kept->keys : nullptr, T, c.nEmbd, P);
        keepPrefix(layer.values, kept ? &kept->values : nullptr, T, c.nEmbd, P);
        if (R == 0)
            continue;
        layerNorm(x, lp.ln1Weight, lp.ln1Bias, c.epsilon, layer.ln1.bottomRows(R));
        attention(c, lp, layer, P, x);
        if (!c.mlp) // attention-only blocks
            continue;
        Matrix h = conv1d(layerNorm(x, lp.ln2Weight, lp.ln2Bias, c.epsilon), lp.fcWeight,
                          lp.fcBias); // (R x 4d)
        geluTanh(h);
        x += conv1d(h, lp.fcProjWeight, lp.fcProjBias);
    }
    keepPrefix(trace->residual, P > 0 ? &previous->residual : nullptr, T, c.nEmbd, P);
    if (R > 0)
        trace->residual.bottomRows(R) = x;

    if (T > 0) {
        const Matrix last = layerNorm(trace->residual.bottomRows(1), p.lnfWeight, p.lnfBias,
                                      c.epsilon);                            // (1 x d)
        trace->lastLogits.noalias() = last * p.outHead.matrix().transpose(); // (1 x V)
        trace->nextTokens = topTokens(trace->lastLogits, 10);
    }
    trace->model = std::move(model);
    return trace;
}

} // namespace ae
