#include "VariantFormulas.h"

#include "FormulaText.h"
#include "HeadOperands.h"
#include "HeadTensors.h"
#include "Trace.h"
#include "TraceDerived.h"

#include <QStringList>

#include <algorithm>
#include <numeric>

namespace ae {

using namespace formula;

namespace {

QString divisorText(const Trace& trace)
{
    return trace.session.hasWeights() ? QStringLiteral(" / √%1").arg(trace.headDimKq) : QString();
}

std::int64_t parameterCount(const Trace& t)
{
    return t.params().wQuery.size() + t.params().wKey.size() + t.params().wValue.size() +
           t.params().bQuery.size() + t.params().bKey.size() + t.params().bValue.size() +
           t.params().outProjWeight.size() + t.params().outProjBias.size();
}

} // namespace

QString VariantFormulas::causalNote(const Trace& trace)
{
    return trace.session.causal
               ? QString()
               : tr("This session is not causal: every query still sees every key.");
}

QString VariantFormulas::dropoutNote(const Trace& trace)
{
    return trace.session.dropoutActive()
               ? QString()
               : tr("Dropout is off in this session (it acts only in training mode with p > 0).");
}

QString VariantFormulas::multiHeadNote(const Trace& trace)
{
    return trace.heads.size() > 1 ? QString() : tr("This session has a single head.");
}

QString VariantFormulas::crossNote(const Trace& trace)
{
    return trace.session.isCross() ? QString()
                                   : tr("This session is self-attention: it has no source "
                                        "sentence, so the keys come from the queries' "
                                        "own sentence.");
}

QString VariantFormulas::causalMask(const Trace& trace, int query)
{
    const Eigen::Index q = clampedQuery(trace, query);
    const Matrix attnWeights = headTensorRow(trace, 0, HeadTensor::Weights, q);
    const QString i = subscript(q + 1);
    const QString scale = divisorText(trace);
    QStringList lines;
    const Session& s = trace.session;
    if (!s.masked()) {
        lines << tr("not causal: α%1 = softmax(ω%1%2) = %3").arg(i, scale, row(attnWeights, 0));
        return lines.join(u'\n');
    }
    if (s.window > 0)
        lines << (s.causal ? tr("mask: 1 where j > i or j ≤ i − %1   (a causal window of %1 keys)")
                           : tr("mask: 1 where |i − j| ≥ %1   (a window of %1 keys each side)"))
                     .arg(s.window);
    else
        lines << tr("mask = torch.triu(torch.ones(%1, %2), diagonal=1)   (1 = hidden future key)")
                     .arg(trace.queryCount())
                     .arg(trace.keyCount());
    lines << tr("method 1: w = softmax(ω%1) ⊙ tril;  α = w / w.sum(dim=1)").arg(scale);
    lines << tr("method 2: α = softmax(ω.masked_fill(mask.bool(), −∞)%1)").arg(scale);
    const bool negInf = trace.session.maskMethod == MaskMethod::NegInf;
    const Matrix other = otherMethodWeightsRow(trace, 0, q);
    const Matrix& method1 = negInf ? other : attnWeights;
    const Matrix& method2 = negInf ? attnWeights : other;
    lines << tr("method 1: α%1 = %2").arg(i, row(method1, 0)) + headNote(trace);
    lines << tr("method 2: α%1 = %2").arg(i, row(method2, 0));
    // Every weight when the forward compared them (the seed module); a model layer's
    // comparison would be derived here, on the GUI thread, for every head: this row's instead.
    if (trace.heads.front().maskMethodsMaxDiff)
        lines << tr("max |method 1 − method 2| = %1 over every weight")
                     .arg(double(trace.maskMethodsMaxDiff()), 0, 'g', 3);
    else
        lines << tr("max |method 1 − method 2| = %1 over this row")
                     .arg(double((method1 - method2).cwiseAbs().maxCoeff()), 0, 'g', 3);
    return lines.join(u'\n');
}

QString VariantFormulas::dropout(const Trace& trace, int query)
{
    const HeadTrace& h = trace.heads.front();
    const Eigen::Index q = clampedQuery(trace, query);
    const Matrix attnWeights = headTensorRow(trace, 0, HeadTensor::Weights, q);
    const Matrix attnWeightsDropped = headTensorRow(trace, 0, HeadTensor::WeightsDropped, q);
    const QString i = subscript(q + 1);
    const Session& s = trace.session;
    QStringList lines;
    if (!s.dropoutActive() || h.dropoutMask.size() == 0) {
        lines << tr("dropout off (p = %1, %2): α'%3 = α%3 = %4")
                     .arg(s.dropout)
                     .arg(s.training ? QStringLiteral("model.train()")
                                     : QStringLiteral("model.eval()"),
                          i, row(attnWeights, 0));
        return lines.join(u'\n');
    }
    const QString p = QString::number(s.dropout);
    lines << tr("p = %1, training: keep = bernoulli(1 − p) : %2   (1 = kept)")
                 .arg(p, shape(h.dropoutMask.rows(), h.dropoutMask.cols()));
    lines << QStringLiteral("keep%1 = %2").arg(i, maskRow(h.dropoutMask, q)) + headNote(trace);
    lines << QStringLiteral("α%1 = %2").arg(i, row(attnWeights, 0));
    lines << QStringLiteral("α'%1 = α%1 ⊙ keep%1 / (1 − %2) = %3")
                 .arg(i, p, row(attnWeightsDropped, 0));
    lines << tr("model.eval(): dropout does nothing, α' = α");
    return lines.join(u'\n');
}

QString VariantFormulas::multiHead(const Trace& trace, int query)
{
    const Session& s = trace.session;
    const Eigen::Index q = clampedQuery(trace, query);
    const Eigen::Index T = trace.queryCount(), S = trace.keyCount(), dIn = trace.inputs.cols();
    const Eigen::Index h = Eigen::Index(trace.heads.size());
    const Eigen::Index headDim = s.hasWeights() ? trace.headDimKq : dIn;
    const Eigen::Index headDimV = s.hasWeights() ? trace.headDimV : dIn;
    const Eigen::Index dOut = h * headDim;
    QStringList lines;
    if (s.variant == Variant::MultiHead) {
        lines
            << QStringLiteral(
                   "b = 1, T = %1, d_in = %2, d_out = %3, num_heads = %4, head_dim = %3 / %4 = %5")
                   .arg(T)
                   .arg(dIn)
                   .arg(dOut)
                   .arg(h)
                   .arg(headDim);
        lines << QStringLiteral("queries = W_query(x) : %1 → %2")
                     .arg(tuple({1, T, dIn}), tuple({1, T, dOut}));
        lines << QStringLiteral("queries.view(b, T, h, head_dim).transpose(1, 2) : %1 → %2 → %3")
                     .arg(tuple({1, T, dOut}), tuple({1, T, h, headDim}),
                          tuple({1, h, T, headDim}));
        lines << QStringLiteral("attn_scores = queries @ keys.transpose(2, 3) : %1·%2 → %3")
                     .arg(tuple({1, h, T, headDim}), tuple({1, h, headDim, S}),
                          tuple({1, h, T, S}));
        lines << QStringLiteral("context = (attn_weights @ values).transpose(1, "
                                "2).contiguous().view(b, T, d_out) : "
                                "%1 → %2 → %3")
                     .arg(tuple({1, h, T, headDim}), tuple({1, T, h, headDim}),
                          tuple({1, T, dOut}));
        lines << QStringLiteral("out_proj(context) : %1·%2 + b → %3")
                     .arg(tuple({1, T, dOut}),
                          shape(trace.params().outProjWeight.rows(),
                                trace.params().outProjWeight.cols()),
                          tuple({1, T, trace.contextVec.cols()}));
        lines << tr("output z%1 = %2").arg(subscript(q + 1), row(trace.contextVec, q));
        lines << tr("the wrapper instead: torch.cat([head(x) for head in heads], dim=-1) : %1 × %2 "
                    "→ %3, no out_proj")
                     .arg(h)
                     .arg(tuple({1, T, headDim}), tuple({1, T, dOut}));
        return lines.join(u'\n');
    }
    lines << tr("heads = %1 × SelfAttention(d_in=%2, d_out_kq=%3, d_out_v=%4)")
                 .arg(h)
                 .arg(dIn)
                 .arg(headDim)
                 .arg(headDimV);
    lines << tr("each head(x) : %1 → %2").arg(shape(T, dIn), shape(T, headDimV));
    lines << QStringLiteral("torch.cat([head(x) for head in heads], dim=-1) : %1 × %2 → %3")
                 .arg(h)
                 .arg(shape(T, headDimV), shape(trace.contextVec.rows(), trace.contextVec.cols()));
    lines << tr("output z%1 = %2").arg(subscript(q + 1), row(trace.contextVec, q));
    lines << tr("the efficient class instead: one projection, then view and transpose: "
                "(b, T, d_out) → (b, T, h, head_dim) → (b, h, T, head_dim), and out_proj");
    return lines.join(u'\n');
}

QString VariantFormulas::crossAttention(const Trace& trace, int query)
{
    const HeadOperands o = HeadOperands::of(trace);
    const Eigen::Index q = clampedQuery(trace, query);
    const Matrix attnScores = headTensorRow(trace, 0, HeadTensor::Scores, q);
    const Matrix attnWeights = headTensorRow(trace, 0, HeadTensor::Weights, q);
    const QString i = subscript(q + 1);
    const Eigen::Index T = trace.queryCount(), S = trace.keyCount();
    QStringList lines;
    if (trace.session.isCross())
        lines << tr("queries from %1 (T = %2); keys and values from %3 (S = %4)")
                     .arg(stringList(trace.tokens))
                     .arg(T)
                     .arg(stringList(trace.sourceTokens))
                     .arg(S);
    const QString source = trace.session.isCross() ? QStringLiteral("X_src") : QStringLiteral("X");
    lines << QStringLiteral("%1 = X·W_q : %2,   %3 = %4·W_k : %5,   %6 = %4·W_v : %7")
                 .arg(o.Q, shape(o.queries->rows(), o.queries->cols()), o.K, source,
                      shape(o.keys->rows(), o.keys->cols()), o.V,
                      shape(o.values->rows(), o.values->cols()));
    lines << QStringLiteral("ω = %1·%2ᵀ : %3·%4 → %5 = (T×S)")
                 .arg(o.Q, o.K, shape(o.queries->rows(), o.queries->cols()),
                      shape(o.keys->cols(), o.keys->rows()),
                      shape(trace.queryCount(), trace.keyCount()));
    lines << QStringLiteral("α%1 = softmax(ω%1%2) = %3   %4")
                     .arg(i, divisorText(trace), row(attnWeights, 0), token(trace.tokens, q)) +
                 headNote(trace);
    std::vector<Eigen::Index> order(std::size_t(trace.keyCount()));
    std::iota(order.begin(), order.end(), Eigen::Index(0));
    const std::size_t shown = std::min<std::size_t>(3, order.size());
    std::partial_sort(
        order.begin(), order.begin() + std::ptrdiff_t(shown), order.end(),
        [&](Eigen::Index a, Eigen::Index b) { return attnWeights(0, a) > attnWeights(0, b); });
    QStringList top;
    for (std::size_t k = 0; k < shown; ++k)
        top << token(trace.keyTokens(), order[k]) + u' ' + number(attnWeights(0, order[k]));
    lines
        << tr("%1 attends most to %2").arg(token(trace.tokens, q), top.join(QStringLiteral(", ")));
    return lines.join(u'\n');
}

QString VariantFormulas::gpt2(const Trace& trace, int)
{
    const Session& s = trace.session;
    const Eigen::Index T = trace.queryCount();
    const Eigen::Index h = Eigen::Index(trace.heads.size());
    const Eigen::Index dIn = trace.inputs.cols();
    const Eigen::Index headDim = s.hasWeights() ? trace.headDimKq : dIn;
    const Eigen::Index dOut = trace.contextVec.cols();
    const StageTimings& t = trace.timings;
    QStringList lines;
    lines << QStringLiteral("d_in = %1, d_out = %2, num_heads = %3, head_dim = %4")
                 .arg(dIn)
                 .arg(dOut)
                 .arg(h)
                 .arg(headDim);
    lines << tr("T = %1 tokens   (GPT-2's context_length is 1024)").arg(T);
    lines << tr("parameters: W_query, W_key, W_value%1 = %2")
                 .arg(trace.params().outProjWeight.size() > 0 ? tr(", out_proj") : QString(),
                      count(parameterCount(trace)));
    lines << tr("attention weights: %1 heads × %2 = %3")
                 .arg(h)
                 .arg(shape(T, trace.keyCount()), count(h * T * trace.keyCount()));
    if (s.hasWeights())
        lines << tr("scores divided by √%1 = %2").arg(headDim).arg(number(trace.scoreDivisor));
    lines << (trace.arithmetic == Arithmetic::TorchOrder
                  ? tr("computed here in %1 ms, adding up in the same order as PyTorch (the same "
                       "digits)")
                  : tr("computed here in %1 ms with fast matrix routines (the same numbers as "
                       "PyTorch's up to the last digits of float32)"))
                 .arg(t.embeddingMs + t.initMs + t.forwardMs + t.completeMs, 0, 'f', 0);
    return lines.join(u'\n');
}

} // namespace ae
