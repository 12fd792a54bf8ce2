#include "KvCache.h"

#include "BlockOps.h"
#include "ModelTrace.h"
#include "Softmax.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

int kvHeadsOf(const TransformerConfig& c)
{
    return c.nKvHead > 0 ? c.nKvHead : c.nHead;
}

} // namespace

GenerationCost generationCost(const TransformerConfig& c, Eigen::Index T)
{
    const double d = c.nEmbd, kvd = double(kvHeadsOf(c)) * c.headDim(), t = double(T);
    // Per row: qkv d·(d + 2·kvd), projection d², feed-forward 8d² (none attention-only).
    const double perRow = d * (d + 2 * kvd) + d * d + (c.mlp ? 8 * d * d : 0);
    const double logits = d * double(c.vocabSize);
    // Scores and context of a head: hd per visible key each, T(T+1)/2 keys for T rows.
    const double attention = 2.0 * double(c.nHead) * c.headDim();
    GenerationCost cost;
    cost.scratch = c.nLayer * (t * perRow + attention * t * (t + 1) / 2) + logits;
    cost.cached = c.nLayer * (perRow + attention * t) + logits;
    return cost;
}

KvCache::KvCache(const TransformerModel& model, Eigen::Index capacity)
    : m_model(model), m_capacity(std::min<Eigen::Index>(capacity, model.config().nCtx))
{
    const TransformerConfig& c = model.config();
    const Eigen::Index kvd = Eigen::Index(kvHeadsOf(c)) * c.headDim();
    m_keys.assign(std::size_t(c.nLayer), Matrix(m_capacity, kvd));
    m_values.assign(std::size_t(c.nLayer), Matrix(m_capacity, kvd));
}

void KvCache::fill(const ModelTrace& trace)
{
    const Eigen::Index T = std::min(trace.tokenCount(), m_capacity);
    const int hd = m_model.config().headDim();
    for (std::size_t l = 0; l < m_keys.size(); ++l) {
        const Trace& layer = *trace.layers[l];
        for (std::size_t g = 0; g < layer.kvHeads.size(); ++g) {
            const Eigen::Index col = Eigen::Index(g) * hd;
            m_keys[l].block(0, col, T, hd) = layer.kvHeads[g].keys.topRows(T);
            m_values[l].block(0, col, T, hd) = layer.kvHeads[g].values.topRows(T);
        }
    }
    m_size = T;
}

std::int64_t KvCache::bytes() const
{
    const Eigen::Index kvd = m_keys.empty() ? 0 : m_keys.front().cols();
    return std::int64_t(2) * std::int64_t(m_keys.size()) * m_size * kvd *
           std::int64_t(sizeof(float));
}

RowVector KvCache::step(std::int64_t id, std::vector<Matrix>* attention)
{
    const TransformerConfig& c = m_model.config();
    const TransformerParams& p = m_model.params();
    const Eigen::Index d = c.nEmbd, pos = m_size, n = pos + 1;
    const int hd = c.headDim();
    const int group = std::max(1, c.nHead / kvHeadsOf(c));
    const Eigen::Index kvd = m_keys.front().cols();
    const auto divisor = static_cast<float>(std::sqrt(static_cast<double>(hd)));
    if (attention)
        attention->assign(std::size_t(c.nLayer), Matrix(c.nHead, n));
    Matrix x = p.wte.matrix().row(id) + p.wpe.matrix().row(pos); // (1 x d)
    RowVector scores(n), weights(n);
    for (int l = 0; l < c.nLayer; ++l) {
        const TransformerLayerParams& lp = p.layers[std::size_t(l)];
        const Matrix qkv = conv1d(layerNormRows(x, lp.ln1Weight, lp.ln1Bias, c.epsilon),
                                  lp.attnWeight, lp.attnBias); // (1 x (d + 2·kvd))
        Matrix& keys = m_keys[std::size_t(l)];
        Matrix& values = m_values[std::size_t(l)];
        keys.row(pos) = qkv.middleCols(d, kvd);
        values.row(pos) = qkv.middleCols(d + kvd, kvd);
        Matrix z(1, d);
        for (int h = 0; h < c.nHead; ++h) {
            const Eigen::Index q = Eigen::Index(h) * hd, kv = Eigen::Index(h / group) * hd;
            scores.noalias() =
                qkv.middleCols(q, hd) * keys.block(0, kv, n, hd).transpose(); // (1 x n)
            softmaxRow(scores.data(), weights.data(), n, n, divisor, Arithmetic::Fast);
            z.middleCols(q, hd).noalias() = weights * values.block(0, kv, n, hd);
            if (attention)
                (*attention)[std::size_t(l)].row(h) = weights;
        }
        x += conv1d(z, lp.attnProjWeight, lp.attnProjBias);
        addFeedForward(c, lp, x);
    }
    m_size = n;
    return finalLogits(m_model, x).row(0);
}

} // namespace ae
