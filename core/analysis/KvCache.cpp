#include "KvCache.h"

#include "BlockOps.h"
#include "ModelTrace.h"
#include "Softmax.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>

namespace ae {

GenerationCost generationCost(const TransformerConfig& c, Eigen::Index T)
{
    const double d = c.nEmbd, qd = c.attentionWidth(), kvd = double(c.kvHeads()) * c.headDim(),
                 t = double(T);
    // Per row: qkv d·(qd + 2·kvd), projection qd·d, feed-forward 2·d·f (GELU) or 3·d·f
    // (SwiGLU), none attention-only.
    const double f = c.feedForwardWidth();
    const double feedForward = (c.feedForward == FeedForwardKind::SwiGlu ? 3 : 2) * d * f;
    const double perRow = d * (qd + 2 * kvd) + qd * d + (c.mlp ? feedForward : 0);
    const double logits = d * double(c.vocabSize);
    // Scores and context of a head: hd per visible key each, T(T+1)/2 keys for T rows.
    const double attention = 2.0 * double(c.nHead) * c.headDim();
    GenerationCost cost;
    cost.scratch = c.nLayer * (t * perRow + attention * t * (t + 1) / 2) + logits;
    cost.cached = c.nLayer * (perRow + attention * t) + logits;
    return cost;
}

KvCache::KvCache(std::shared_ptr<const ModelTrace> prompt, Eigen::Index capacity)
    : m_prompt(std::move(prompt)), m_model(*m_prompt->model),
      m_capacity(std::min<Eigen::Index>(capacity, m_model.config().nCtx)),
      m_promptRows(std::min(m_prompt->tokenCount(), m_capacity)), m_size(m_promptRows)
{
    const TransformerConfig& c = m_model.config();
    const Eigen::Index kvd = Eigen::Index(c.kvHeads()) * c.headDim();
    m_rotation = modelRotation(c, m_capacity);
    m_keys.assign(std::size_t(c.nLayer), Matrix(m_capacity - m_promptRows, kvd));
    m_values.assign(std::size_t(c.nLayer), Matrix(m_capacity - m_promptRows, kvd));
}

std::int64_t KvCache::bytes() const
{
    const TransformerConfig& c = m_model.config();
    const std::int64_t kvd = std::int64_t(c.kvHeads()) * c.headDim();
    return std::int64_t(2) * c.nLayer * m_size * kvd * std::int64_t(sizeof(float));
}

RowVector KvCache::step(std::int64_t id, std::vector<Matrix>* attention)
{
    const TransformerConfig& c = m_model.config();
    const TransformerParams& p = m_model.params();
    const Eigen::Index qd = c.attentionWidth(), pos = m_size, n = pos + 1;
    const int hd = c.headDim();
    const int group = std::max(1, c.nHead / c.kvHeads());
    const Eigen::Index kvd = Eigen::Index(c.kvHeads()) * hd;
    const auto divisor = static_cast<float>(std::sqrt(static_cast<double>(hd)));
    // The keys the new token sees: all of them, or the last `window` (Mistral).
    const Eigen::Index first = c.window > 0 ? std::max<Eigen::Index>(0, n - c.window) : 0;
    const Eigen::Index seen = n - first;
    // Of those, the prompt's (rows first … P − 1 of its trace) and the generated ones (rows
    // firstNew … of m_keys, the new token's last).
    const Eigen::Index P = m_promptRows, inPrompt = std::max<Eigen::Index>(0, P - first);
    const Eigen::Index inNew = seen - inPrompt, firstNew = std::max(first, P) - P;
    if (attention)
        attention->assign(std::size_t(c.nLayer), Matrix::Zero(c.nHead, n));
    Matrix x = p.wte.row(id); // (1 x d)
    if (!p.wpe.empty())
        x += p.wpe.matrix().row(pos);
    RowVector scores(seen), weights(seen);
    for (int l = 0; l < c.nLayer; ++l) {
        const auto converted = m_model.layer(l);
        const TransformerLayerParams& lp = *converted;
        Matrix qkv =
            blockQkv(c, lp, normRows(c, x, lp.ln1Weight, lp.ln1Bias)); // (1 x (qd + 2·kvd))
        rotateQueriesKeys(c, m_rotation, pos, qkv);
        Matrix& keys = m_keys[std::size_t(l)];
        Matrix& values = m_values[std::size_t(l)];
        keys.row(pos - P) = qkv.middleCols(qd, kvd);
        values.row(pos - P) = qkv.middleCols(qd + kvd, kvd);
        const Trace& prompt = *m_prompt->layers[std::size_t(l)];
        Matrix z(1, qd);
        for (int h = 0; h < c.nHead; ++h) {
            const Eigen::Index q = Eigen::Index(h) * hd, kv = Eigen::Index(h / group) * hd;
            const auto query = qkv.middleCols(q, hd);
            // Scores of the prompt's keys it sees (read in place), then of the generated ones.
            const KeyValueHead& promptHead = prompt.kvHeads[std::size_t(h / group)];
            const Matrix& promptKeys =
                promptHead.keysRope.size() > 0 ? promptHead.keysRope : promptHead.keys;
            const auto oldKeys = promptKeys.middleRows(std::min(first, P), inPrompt);
            const auto oldValues = promptHead.values.middleRows(std::min(first, P), inPrompt);
            const auto newKeys = keys.block(firstNew, kv, inNew, hd);
            const auto newValues = values.block(firstNew, kv, inNew, hd);
            if (inPrompt > 0)
                scores.head(inPrompt).noalias() = query * oldKeys.transpose();
            scores.tail(inNew).noalias() = query * newKeys.transpose();
            softmaxRow(scores.data(), weights.data(), seen, seen, divisor, Arithmetic::Fast);
            z.middleCols(q, hd).noalias() = weights.tail(inNew) * newValues;
            if (inPrompt > 0)
                z.middleCols(q, hd).noalias() += weights.head(inPrompt) * oldValues;
            if (attention)
                (*attention)[std::size_t(l)].row(h).tail(seen) = weights;
        }
        addConv1d(z, lp.attnProjWeight, lp.attnProjBias, BlockProducts::Linear, x);
        addFeedForward(c, lp, x);
    }
    m_size = n;
    return finalLogits(m_model, x).row(0);
}

} // namespace ae
