#include "TrainNetwork.h"

#include "TrainGemm.h"

#include <cmath>

namespace ae {

namespace train {

void layerNormBackward(const Matrix& dout, const Matrix& hat, const std::vector<float>& rstd,
                       const float* scale, float* dscale, float* dshift, Matrix& dx)
{
    const Eigen::Index n = dout.rows(), d = dout.cols();
    // The parameters' sums run over the rows in order (one thread): the same bits always.
    for (Eigen::Index r = 0; r < n; ++r) {
        const float* g = dout.data() + r * d;
        const float* h = hat.data() + r * d;
        for (Eigen::Index j = 0; j < d; ++j) {
            dscale[j] += g[j] * h[j];
            dshift[j] += g[j];
        }
    }
#pragma omp parallel for schedule(static)
    for (Eigen::Index r = 0; r < n; ++r) {
        const float* g = dout.data() + r * d;
        const float* h = hat.data() + r * d;
        float meanDhat = 0, meanDhatHat = 0;
        for (Eigen::Index j = 0; j < d; ++j) {
            const float dh = g[j] * scale[j];
            meanDhat += dh;
            meanDhatHat += dh * h[j];
        }
        meanDhat /= float(d);
        meanDhatHat /= float(d);
        float* out = dx.data() + r * d;
        const float s = rstd[std::size_t(r)];
        for (Eigen::Index j = 0; j < d; ++j)
            out[j] += s * (g[j] * scale[j] - meanDhat - h[j] * meanDhatHat);
    }
}

} // namespace train

namespace {

// Column sums of dy (N x n) added to db, rows in order.
void addColumnSums(const Matrix& dy, float* db)
{
    for (Eigen::Index r = 0; r < dy.rows(); ++r)
        for (Eigen::Index j = 0; j < dy.cols(); ++j)
            db[j] += dy(r, j);
}

// The backward of y = x · Wᵀ + b: dW += dyᵀ·x, db += Σ dy, dx = dy · W.
void linearBackward(const Matrix& dy, const Matrix& x, const float* w, float* dw, float* db,
                    Matrix& dx)
{
    const Eigen::Index N = dy.rows(), out = dy.cols(), in = x.cols();
    train::gemmTNAccumulate(dy.data(), out, x.data(), in, dw, in, out, in, N);
    if (db)
        addColumnSums(dy, db);
    dx.resize(N, in);
    train::gemmNN(dy.data(), out, w, in, dx.data(), in, N, in, out);
}

void maskGradient(Matrix& g, const std::vector<float>& mask)
{
    if (!mask.empty())
        g.array() *= Eigen::Map<const Matrix>(mask.data(), g.rows(), g.cols()).array();
}

// The backward of attentionForward, per batch row x head (in parallel, each writing its own
// columns of dqkv): dW = dctx·vᵀ (gradient of the dropped weights), dv = Wdroppedᵀ·dctx, the
// dropout mask, softmax's backward dS = P ⊙ (dP − rowsum(dP ⊙ P)), divided by √hd as the
// scores were; dq = dS·k, dk = dSᵀ·q.
void attentionBackward(const BlockActivations& a, const Matrix& dcontext, Matrix& dqkv, int B,
                       int T, int H, int d)
{
    const int hd = d / H;
    const Eigen::Index TT = Eigen::Index(T) * T;
    const Eigen::Index ld = 3 * Eigen::Index(d);
    const float invDivisor = 1.0f / std::sqrt(float(hd));
    const bool dropped = !a.attnMask.empty();
    dqkv.resize(Eigen::Index(B) * T, ld);
    using Stride = Eigen::OuterStride<>;
#pragma omp parallel for schedule(static)
    for (int bh = 0; bh < B * H; ++bh) {
        const int b = bh / H, h = bh % H;
        const std::size_t at = std::size_t(bh) * std::size_t(TT);
        const float* base = a.qkv.data() + Eigen::Index(b) * T * ld;
        float* dbase = dqkv.data() + Eigen::Index(b) * T * ld;
        Eigen::Map<const Matrix, 0, Stride> q(base + h * hd, T, hd, Stride(ld));
        Eigen::Map<const Matrix, 0, Stride> k(base + d + h * hd, T, hd, Stride(ld));
        Eigen::Map<const Matrix, 0, Stride> v(base + 2 * d + h * hd, T, hd, Stride(ld));
        Eigen::Map<Matrix, 0, Stride> dq(dbase + h * hd, T, hd, Stride(ld));
        Eigen::Map<Matrix, 0, Stride> dk(dbase + d + h * hd, T, hd, Stride(ld));
        Eigen::Map<Matrix, 0, Stride> dv(dbase + 2 * d + h * hd, T, hd, Stride(ld));
        Eigen::Map<const Matrix, 0, Stride> dctx(dcontext.data() + Eigen::Index(b) * T * d + h * hd,
                                                 T, hd, Stride(d));
        Eigen::Map<const Matrix> p(a.attn.data() + at, T, T);
        Eigen::Map<const Matrix> used((dropped ? a.attnDropped : a.attn).data() + at, T, T);
        dv.noalias() = used.transpose() * dctx;
        Matrix dp = dctx * v.transpose();
        if (dropped)
            dp.array() *= Eigen::Map<const Matrix>(a.attnMask.data() + at, T, T).array();
        for (int i = 0; i < T; ++i) {
            float dot = 0;
            for (int j = 0; j <= i; ++j)
                dot += dp(i, j) * p(i, j);
            for (int j = 0; j <= i; ++j)
                dp(i, j) = p(i, j) * (dp(i, j) - dot) * invDivisor;
            for (int j = i + 1; j < T; ++j)
                dp(i, j) = 0;
        }
        dq.noalias() = dp * k;
        dk.noalias() = dp.transpose() * q;
    }
}

} // namespace

void backwardBatch(const ParameterLayout& l, const float* p, Activations& acts, float* g)
{
    const int B = acts.batch, T = acts.tokens, d = l.d, V = l.vocab;
    const Eigen::Index N = Eigen::Index(B) * T;
    std::fill_n(g, l.total, 0.0f);

    // Cross-entropy's mean: dlogits = (softmax − onehot) / N, in place of the softmax.
    Matrix& dlogits = acts.probs;
    const float invN = 1.0f / float(N);
#pragma omp parallel for schedule(static)
    for (Eigen::Index n = 0; n < N; ++n) {
        float* z = dlogits.data() + n * V;
        z[acts.targets[std::size_t(n)]] -= 1.0f;
        for (int v = 0; v < V; ++v)
            z[v] *= invN;
    }
    Matrix dnorm, dx = Matrix::Zero(N, d);
    linearBackward(dlogits, acts.lnfOut, p + l.out, g + l.out, nullptr, dnorm);
    train::layerNormBackward(dnorm, acts.lnfHat, acts.lnfRstd, p + l.lnfs, g + l.lnfs, g + l.lnfb,
                             dx);

    Matrix dy, dh, dqkv, dcontext;
    for (int i = l.layers - 1; i >= 0; --i) {
        const BlockOffsets& o = l.blocks[std::size_t(i)];
        const BlockActivations& a = acts.blocks[std::size_t(i)];
        if (l.mlp) {
            dy = dx;
            maskGradient(dy, a.ffMask);
            linearBackward(dy, a.fcAct, p + o.proj, g + o.proj, g + o.projb, dh);
            // GELU (tanh form): g' = 0.5(1 + t) + 0.5·x·(1 − t²)·c·(1 + 3·0.044715·x²).
            const float c = std::sqrt(2.0f / float(M_PI));
#pragma omp parallel for schedule(static)
            for (Eigen::Index r = 0; r < N; ++r)
                for (Eigen::Index j = 0; j < dh.cols(); ++j) {
                    const float x = a.fcPre(r, j);
                    const float t = std::tanh(c * (x + 0.044715f * x * x * x));
                    dh(r, j) *=
                        0.5f * (1 + t) + 0.5f * x * (1 - t * t) * c * (1 + 3 * 0.044715f * x * x);
                }
            linearBackward(dh, a.ln2Out, p + o.fc, g + o.fc, g + o.fcb, dnorm);
            train::layerNormBackward(dnorm, a.ln2Hat, a.ln2Rstd, p + o.n2s, g + o.n2s, g + o.n2b,
                                     dx);
        }
        dy = dx;
        maskGradient(dy, a.attMask);
        linearBackward(dy, a.context, p + o.wo, g + o.wo, g + o.bo, dcontext);
        attentionBackward(a, dcontext, dqkv, B, T, l.heads, d);
        linearBackward(dqkv, a.ln1Out, p + o.wqkv, g + o.wqkv, l.qkvBias ? g + o.bqkv : nullptr,
                       dnorm);
        train::layerNormBackward(dnorm, a.ln1Hat, a.ln1Rstd, p + o.n1s, g + o.n1s, g + o.n1b, dx);
    }

    maskGradient(dx, acts.embMask);
    for (Eigen::Index n = 0; n < N; ++n) {
        float* tok = g + l.tok + std::size_t(acts.inputs[std::size_t(n)]) * std::size_t(d);
        float* pos = g + l.pos + std::size_t(n % T) * std::size_t(d);
        for (int j = 0; j < d; ++j) {
            tok[j] += dx(n, j);
            pos[j] += dx(n, j);
        }
    }
}

} // namespace ae
