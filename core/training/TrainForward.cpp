#include "TrainNetwork.h"

#include "Gelu.h"
#include "Softmax.h"
#include "TorchGenerator.h"
#include "TrainGemm.h"

#include <cmath>
#include <span>

namespace ae {

namespace train {

void layerNormForward(const Matrix& x, const float* scale, const float* shift, Matrix& hat,
                      std::vector<float>& rstd, Matrix& out)
{
    const Eigen::Index n = x.rows(), d = x.cols();
    hat.resize(n, d);
    out.resize(n, d);
    rstd.resize(std::size_t(n));
#pragma omp parallel for schedule(static)
    for (Eigen::Index r = 0; r < n; ++r) {
        const float* xr = x.data() + r * d;
        double sum = 0;
        for (Eigen::Index j = 0; j < d; ++j)
            sum += xr[j];
        const auto mean = float(sum / double(d));
        double sq = 0;
        for (Eigen::Index j = 0; j < d; ++j)
            sq += double(xr[j] - mean) * double(xr[j] - mean);
        const float s = std::sqrt(float(sq / double(d)) + 1e-5f);
        rstd[std::size_t(r)] = 1.0f / s;
        float* hr = hat.data() + r * d;
        float* orow = out.data() + r * d;
        for (Eigen::Index j = 0; j < d; ++j) {
            hr[j] = (xr[j] - mean) / s;
            orow[j] = scale[j] * hr[j] + shift[j];
        }
    }
}

} // namespace train

namespace {

// x · Wᵀ + b for every row: (N x in) -> (N x out); W (out x in) as nn.Linear stores it.
void linearForward(const Matrix& x, const float* w, const float* b, Eigen::Index out, Matrix& y)
{
    y.resize(x.rows(), out);
    train::gemmNT(x.data(), x.cols(), w, x.cols(), y.data(), out, x.rows(), out, x.cols());
    if (b)
        y.rowwise() += Eigen::Map<const RowVector>(b, out);
}

// F.dropout in train mode: noise = empty_like(x).bernoulli_(1 − p), noise /= (1 − p), every
// cell drawn in order; `mask` gets the factors.
void drawMask(TorchGenerator& g, double p, std::size_t cells, std::vector<float>& mask)
{
    mask.resize(cells);
    g.bernoulli(std::span<float>(mask), 1.0 - p);
    const float keep = 1.0f / float(1.0 - p);
    for (float& m : mask)
        m *= keep;
}

void applyMask(Matrix& x, const std::vector<float>& mask)
{
    Eigen::Map<const Matrix> m(mask.data(), x.rows(), x.cols());
    x.array() *= m.array();
}

// Causal multi-head attention of one block, after the qkv projection.
// qkv (N x 3d) -> attn (B, H, T, T) weights, context (N x d).
// pass 1 (per batch row x head, in parallel): scores = q·kᵀ, softmax(scores / √hd) over the
// visible cells row by row; pass 2: the dropout mask over the whole (B, H, T, T) tensor, in
// order; pass 3 (in parallel): context = dropped weights · v, each head into its columns.
void attentionForward(BlockActivations& a, int B, int T, int H, int d, double dropRate,
                      TorchGenerator* dropout)
{
    const int hd = d / H;
    const Eigen::Index TT = Eigen::Index(T) * T;
    const std::size_t cells = std::size_t(B) * std::size_t(H) * std::size_t(TT);
    a.attn.resize(cells);
    a.context.resize(Eigen::Index(B) * T, d);
    const auto divisor = std::sqrt(float(hd));
    using Stride = Eigen::OuterStride<>;
    const Eigen::Index ld = 3 * Eigen::Index(d);
#pragma omp parallel for schedule(static)
    for (int bh = 0; bh < B * H; ++bh) {
        const int b = bh / H, h = bh % H;
        const float* base = a.qkv.data() + Eigen::Index(b) * T * ld;
        Eigen::Map<const Matrix, 0, Stride> q(base + h * hd, T, hd, Stride(ld));
        Eigen::Map<const Matrix, 0, Stride> k(base + d + h * hd, T, hd, Stride(ld));
        Matrix scores = q * k.transpose();
        float* w = a.attn.data() + std::size_t(bh) * std::size_t(TT);
        for (int i = 0; i < T; ++i)
            softmaxRow(scores.data() + Eigen::Index(i) * T, w + Eigen::Index(i) * T, T, i + 1,
                       divisor, Arithmetic::Fast);
    }
    const std::vector<float>* weights = &a.attn;
    if (dropout) {
        drawMask(*dropout, dropRate, cells, a.attnMask);
        a.attnDropped.resize(cells);
        for (std::size_t c = 0; c < cells; ++c)
            a.attnDropped[c] = a.attn[c] * a.attnMask[c];
        weights = &a.attnDropped;
    } else {
        a.attnMask.clear();
        a.attnDropped.clear();
    }
#pragma omp parallel for schedule(static)
    for (int bh = 0; bh < B * H; ++bh) {
        const int b = bh / H, h = bh % H;
        const float* base = a.qkv.data() + Eigen::Index(b) * T * ld;
        Eigen::Map<const Matrix, 0, Stride> v(base + 2 * d + h * hd, T, hd, Stride(ld));
        Eigen::Map<const Matrix> w(weights->data() + std::size_t(bh) * std::size_t(TT), T, T);
        Eigen::Map<Matrix, 0, Stride> ctx(a.context.data() + Eigen::Index(b) * T * d + h * hd, T,
                                          hd, Stride(d));
        ctx.noalias() = w * v;
    }
}

} // namespace

float forwardBatch(const ParameterLayout& l, const float* p, const TokenBatch& batch,
                   double dropRate, TorchGenerator* dropout, Activations& acts)
{
    const int B = batch.rows, T = batch.cols, d = l.d, V = l.vocab;
    const Eigen::Index N = Eigen::Index(B) * T;
    if (dropRate <= 0)
        dropout = nullptr;
    acts.batch = B;
    acts.tokens = T;
    acts.inputs = batch.inputs;
    acts.targets = batch.targets;
    acts.blocks.resize(std::size_t(l.layers));

    Matrix x(N, d);
    for (Eigen::Index n = 0; n < N; ++n) {
        const float* tok = p + l.tok + std::size_t(batch.inputs[std::size_t(n)]) * std::size_t(d);
        const float* pos = p + l.pos + std::size_t(n % T) * std::size_t(d);
        for (int j = 0; j < d; ++j)
            x(n, j) = tok[j] + pos[j];
    }
    if (dropout) {
        drawMask(*dropout, dropRate, std::size_t(N * d), acts.embMask);
        applyMask(x, acts.embMask);
    }

    Matrix y;
    for (int i = 0; i < l.layers; ++i) {
        const BlockOffsets& o = l.blocks[std::size_t(i)];
        BlockActivations& a = acts.blocks[std::size_t(i)];
        train::layerNormForward(x, p + o.n1s, p + o.n1b, a.ln1Hat, a.ln1Rstd, a.ln1Out);
        linearForward(a.ln1Out, p + o.wqkv, l.qkvBias ? p + o.bqkv : nullptr, 3 * d, a.qkv);
        attentionForward(a, B, T, l.heads, d, dropRate, dropout);
        linearForward(a.context, p + o.wo, p + o.bo, d, y);
        if (dropout) {
            drawMask(*dropout, dropRate, std::size_t(N * d), a.attMask);
            applyMask(y, a.attMask);
        }
        x += y;
        if (!l.mlp)
            continue;
        train::layerNormForward(x, p + o.n2s, p + o.n2b, a.ln2Hat, a.ln2Rstd, a.ln2Out);
        linearForward(a.ln2Out, p + o.fc, p + o.fcb, 4 * d, a.fcPre);
        a.fcAct = a.fcPre;
        geluTanh(a.fcAct);
        linearForward(a.fcAct, p + o.proj, p + o.projb, d, y);
        if (dropout) {
            drawMask(*dropout, dropRate, std::size_t(N * d), a.ffMask);
            applyMask(y, a.ffMask);
        }
        x += y;
    }
    train::layerNormForward(x, p + l.lnfs, p + l.lnfb, acts.lnfHat, acts.lnfRstd, acts.lnfOut);
    linearForward(acts.lnfOut, p + l.out, nullptr, V, acts.probs);

    // Cross-entropy: per row log-sum-exp (max subtracted) minus the target's logit; the
    // softmax kept for the backward. Rows' losses summed in order, in double.
    std::vector<double> rowLoss(static_cast<std::size_t>(N));
#pragma omp parallel for schedule(static)
    for (Eigen::Index n = 0; n < N; ++n) {
        float* z = acts.probs.data() + n * V;
        const float target = z[batch.targets[std::size_t(n)]];
        float m = z[0];
        for (int v = 1; v < V; ++v)
            m = std::max(m, z[v]);
        double sum = 0;
        for (int v = 0; v < V; ++v) {
            z[v] = std::exp(z[v] - m);
            sum += z[v];
        }
        const auto inv = float(1.0 / sum);
        for (int v = 0; v < V; ++v)
            z[v] *= inv;
        rowLoss[std::size_t(n)] = double(m) + std::log(sum) - double(target);
    }
    double total = 0;
    for (const double r : rowLoss)
        total += r;
    acts.loss = float(total / double(N));
    return acts.loss;
}

} // namespace ae
