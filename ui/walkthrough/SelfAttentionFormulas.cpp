#include "SelfAttentionFormulas.h"

#include "FormulaText.h"
#include "HeadOperands.h"
#include "HeadTensors.h"
#include "Tokenizer.h"
#include "Trace.h"
#include "TraceDerived.h"
#include "TraceTokens.h"

#include <QStringList>

namespace ae {

using namespace formula;

bool SelfAttentionFormulas::hasPositionalEmbeddings(const Session& session)
{
    return session.positional != Positional::None;
}

QString SelfAttentionFormulas::embeddingsNote(const Trace& trace)
{
    QStringList sentences;
    if (trace.session.embedding == EmbeddingSource::Manual)
        sentences << tr("This session's embeddings are typed in, like the book's hand-written "
                        "3-dimensional vectors.");
    sentences << (hasPositionalEmbeddings(trace.session)
                      ? tr("Positional embeddings are added: the same word at two places gets two "
                           "different vectors.")
                      : tr("This session has no positional embeddings: x is the token embedding "
                           "alone, so a word gets "
                           "the same vector wherever it stands."));
    return sentences.join(u' ');
}

QString SelfAttentionFormulas::tokens(const Trace& trace, int)
{
    QStringList lines;
    lines << tr("tokens = %1   (T = %2)").arg(stringList(trace.tokens)).arg(trace.tokens.size());
    if (trace.session.isCross())
        lines << tr("source tokens = %1   (S = %2)")
                     .arg(stringList(trace.sourceTokens))
                     .arg(trace.sourceTokens.size());
    const Tokenizer& tokenizer = traceTokenizer(trace);
    if (tokenizer.hasFixedVocabulary()) {
        for (const std::string& line : tokenizer.referenceCode())
            lines << QString::fromStdString(line);
        if (tokenizer.kind() == TokenizerKind::Gpt2)
            lines << tr(
                "vocabulary = GPT-2's 50,257 tokens: 256 bytes + 50,000 merges + <|endoftext|>");
        else
            lines << tr("vocabulary = the %1 tokens of the model's tokenizer.json")
                         .arg(tokenizer.fixedVocabularySize());
    } else {
        lines << tr("vocabulary = %1   (%2 distinct tokens, sorted)")
                     .arg(vocabulary(trace.vocabulary))
                     .arg(trace.vocabulary.size());
    }
    lines << QStringLiteral("token_ids = %1").arg(idTensor(trace.tokenIds));
    if (trace.session.isCross())
        lines << QStringLiteral("source_ids = %1").arg(idTensor(trace.sourceTokenIds));
    return lines.join(u'\n');
}

QString SelfAttentionFormulas::embeddings(const Trace& trace, int query)
{
    const Session& s = trace.session;
    const Eigen::Index q = clampedQuery(trace, query);
    const Eigen::Index T = trace.queryCount();
    QStringList lines;
    if (s.embedding == EmbeddingSource::Torch) {
        lines << QStringLiteral("torch.manual_seed(%1); embedding = nn.Embedding(%2, %3)")
                     .arg(s.embeddingSeed)
                     .arg(s.vocabSize)
                     .arg(s.dIn);
        lines << QStringLiteral("x = embedding(token_ids) : (%1) → %2")
                     .arg(T)
                     .arg(shape(T, trace.inputs.cols()));
    } else {
        lines << tr("x = the typed-in embeddings : %1").arg(shape(T, trace.inputs.cols()));
    }
    if (hasPositionalEmbeddings(s))
        lines << QStringLiteral("x = tok_emb(token_ids) + pos_emb(torch.arange(%1))").arg(T);
    else
        lines << tr("no positional embeddings: x = token embeddings only");
    lines << QStringLiteral("x%1 = x[%2] = %3   %4")
                 .arg(subscript(q + 1))
                 .arg(q)
                 .arg(row(trace.inputs, q), token(trace.tokens, q));
    if (s.isCross())
        lines << tr("source: X_src = embedding(source_ids) : (%1) → %2")
                     .arg(trace.keyCount())
                     .arg(shape(trace.keyCount(), trace.sourceInputs.cols()));
    return lines.join(u'\n');
}

QString SelfAttentionFormulas::simplified(const Trace& trace, int query)
{
    const HeadOperands o = HeadOperands::of(trace);
    const HeadTrace& h = *o.head;
    const Eigen::Index q = clampedQuery(trace, query);
    const Matrix attnScores = headTensorRow(trace, 0, HeadTensor::Scores, q);
    const Matrix attnWeights = headTensorRow(trace, 0, HeadTensor::Weights, q);
    const QString i = subscript(q + 1);
    const QString scale =
        trace.session.hasWeights() ? QStringLiteral(" / √%1").arg(trace.headDimKq) : QString();
    QStringList lines;
    lines << QStringLiteral("ω = %1·%2ᵀ : %3·%4 → %5")
                 .arg(o.Q, o.K, shape(o.queries->rows(), o.queries->cols()),
                      shape(o.keys->cols(), o.keys->rows()),
                      shape(trace.queryCount(), trace.keyCount()));
    lines << tr("α = softmax(ω%1, dim=-1) : %2, every row sums to 1")
                 .arg(scale, shape(trace.queryCount(), trace.keyCount()));
    lines << QStringLiteral("z = α·%1 : %2·%3 → %4")
                 .arg(o.V, shape(trace.queryCount(), trace.keyCount()),
                      shape(o.values->rows(), o.values->cols()),
                      shape(h.contextVec.rows(), h.contextVec.cols()));
    lines << QStringLiteral("ω%1 = %2%1·%3ᵀ = %4").arg(i, o.q, o.K, row(attnScores, 0));
    lines << QStringLiteral("α%1 = softmax(ω%1%2) = %3").arg(i, scale, row(attnWeights, 0));
    lines << QStringLiteral("z%1 = Σⱼ α%1ⱼ·%2ⱼ = %3").arg(i, o.v, row(h.contextVec, q)) +
                 headNote(trace);
    return lines.join(u'\n');
}

QString SelfAttentionFormulas::projections(const Trace& trace, int query)
{
    const Session& s = trace.session;
    const Eigen::Index q = clampedQuery(trace, query);
    const QString i = subscript(q + 1);
    if (!s.hasWeights())
        return tr("simplified attention: Q = K = V = X, no trainable weights");
    const HeadOperands o = HeadOperands::of(trace);
    const HeadProjection w = headProjection(trace, 0);
    const QString bias = s.qkvBias ? QStringLiteral(" + b") : QString();
    const Matrix& x = trace.inputs;
    const Matrix& source = trace.keySource();
    const QString xs = s.isCross() ? QStringLiteral("X_src") : QStringLiteral("X");
    QStringList lines;
    if (trace.parametersSource) // a model's layer: the checkpoint's weights, nothing drawn
        lines << tr("W_q | W_k | W_v = c_attn.weight (%1×%2) of the checkpoint, b = c_attn.bias")
                     .arg(trace.params().wQuery.rows())
                     .arg(3 * trace.params().wQuery.cols());
    else if (s.init == InitScheme::Rand)
        lines << QStringLiteral(
                     "torch.manual_seed(%1): W_q = torch.rand(%2, %3), W_k = torch.rand(%2, %3), "
                     "W_v = torch.rand(%2, %4)")
                     .arg(s.weightSeed)
                     .arg(w.wQuery.rows())
                     .arg(w.wQuery.cols())
                     .arg(w.wValue.cols());
    else
        lines << QStringLiteral(
                     "torch.manual_seed(%1): W_q, W_k, W_v = nn.Linear(%2, %3, bias=%4) …")
                     .arg(s.weightSeed)
                     .arg(trace.params().wQuery.rows())
                     .arg(trace.params().wQuery.cols())
                     .arg(s.qkvBias ? QStringLiteral("True") : QStringLiteral("False"));
    lines << QStringLiteral("Q = X·W_q%1 : %2·%3 → %4")
                 .arg(bias, shape(x.rows(), x.cols()), shape(w.wQuery.rows(), w.wQuery.cols()),
                      shape(o.queries->rows(), o.queries->cols()));
    lines << QStringLiteral("K = %1·W_k%2 : %3·%4 → %5")
                 .arg(xs, bias, shape(source.rows(), source.cols()),
                      shape(w.wKey.rows(), w.wKey.cols()), shape(o.keys->rows(), o.keys->cols()));
    lines << QStringLiteral("V = %1·W_v%2 : %3·%4 → %5")
                 .arg(xs, bias, shape(source.rows(), source.cols()),
                      shape(w.wValue.rows(), w.wValue.cols()),
                      shape(o.values->rows(), o.values->cols()));
    lines << QStringLiteral("q%1 = x%1·W_q%2 = %3").arg(i, bias, row(*o.queries, q)) +
                 headNote(trace);
    if (!s.isCross() && q < o.keys->rows()) {
        lines << QStringLiteral("k%1 = x%1·W_k%2 = %3").arg(i, bias, row(*o.keys, q));
        lines << QStringLiteral("v%1 = x%1·W_v%2 = %3").arg(i, bias, row(*o.values, q));
    }
    return lines.join(u'\n');
}

QString SelfAttentionFormulas::scores(const Trace& trace, int query)
{
    const HeadOperands o = HeadOperands::of(trace);
    const Eigen::Index q = clampedQuery(trace, query);
    const Matrix attnScores = headTensorRow(trace, 0, HeadTensor::Scores, q);
    const QString i = subscript(q + 1);
    const Eigen::Index keys = trace.keyCount();
    // The key this query matches best, spelled out term by term (the article spells ω₂₄).
    Eigen::Index best = 0;
    for (Eigen::Index j = 1; j < keys; ++j)
        if (attnScores(0, j) > attnScores(0, best))
            best = j;
    const QString j = subscript(best + 1);
    const Eigen::Index dk = o.queries->cols();
    QStringList lines;
    lines << QStringLiteral("ω%1 = %2%1·%3ᵀ = %4").arg(i, o.q, o.K, row(attnScores, 0)) +
                 headNote(trace);
    lines << tr("largest: ω%1,%2 = %3%1·%4%2 = %5 = %6   (%7)")
                 .arg(i, j, o.q, o.k,
                      dotTerms(o.queries->data() + q * dk, o.keys->data() + best * dk, dk, 1),
                      number(attnScores(0, best)), token(trace.keyTokens(), best));
    lines << QStringLiteral("ω = %1·%2ᵀ : %3·%4 → %5")
                 .arg(o.Q, o.K, shape(o.queries->rows(), dk), shape(dk, o.keys->rows()),
                      shape(trace.queryCount(), keys));
    return lines.join(u'\n');
}

QString SelfAttentionFormulas::scaling(const Trace& trace, int query)
{
    const HeadOperands o = HeadOperands::of(trace);
    const Eigen::Index q = clampedQuery(trace, query);
    const Matrix attnWeights = headTensorRow(trace, 0, HeadTensor::Weights, q);
    const QString i = subscript(q + 1);
    QStringList lines;
    if (!trace.session.hasWeights()) {
        lines << tr("simplified attention does not scale: α%1 = softmax(ω%1) = %2")
                     .arg(i, row(attnWeights, 0));
        return lines.join(u'\n');
    }
    const int dk = trace.headDimKq;
    const Matrix scaled =
        headTensorRow(trace, 0, HeadTensor::Scores, q).array() / trace.scoreDivisor;
    lines << QStringLiteral("d_k = %1,  √d_k = %2").arg(dk).arg(number(trace.scoreDivisor));
    lines << QStringLiteral("ω%1 / √%2 = %3").arg(i).arg(dk).arg(row(scaled, 0)) + headNote(trace);
    lines
        << QStringLiteral("α%1 = softmax(ω%1 / √%2) = %3").arg(i).arg(dk).arg(row(attnWeights, 0));
    if (trace.session.causal)
        lines << tr("(causal: the future keys' weights are 0)");
    return lines.join(u'\n');
}

QString SelfAttentionFormulas::context(const Trace& trace, int query)
{
    const HeadOperands o = HeadOperands::of(trace);
    const HeadTrace& h = *o.head;
    const Eigen::Index q = clampedQuery(trace, query);
    const Matrix attnWeights = headTensorRow(trace, 0, HeadTensor::Weights, q);
    const Matrix attnWeightsDropped = headTensorRow(trace, 0, HeadTensor::WeightsDropped, q);
    const QString i = subscript(q + 1);
    const bool dropped = attnWeightsDropped.size() > 0;
    const Matrix& weights = dropped ? attnWeightsDropped : attnWeights;
    const QString alpha = dropped ? QStringLiteral("α'") : QStringLiteral("α");
    QStringList terms;
    const Eigen::Index keys = weights.cols();
    for (Eigen::Index j = 0; j < std::min<Eigen::Index>(keys, 3); ++j)
        terms << number(weights(0, j)) + u'·' + o.v + subscript(j + 1);
    if (keys > 3)
        terms << QStringLiteral("…");
    QStringList lines;
    lines << QStringLiteral("z%1 = Σⱼ %2%1ⱼ·%3ⱼ = %4")
                 .arg(i, alpha, o.v, terms.join(QStringLiteral(" + ")));
    lines << QStringLiteral("z%1 = %2").arg(i, row(h.contextVec, q)) + headNote(trace);
    // Every query's row: `weights` holds the chosen query's alone.
    lines << QStringLiteral("Z = %1·%2 : %3·%4 → %5")
                 .arg(alpha, o.V, shape(trace.queryCount(), keys),
                      shape(o.values->rows(), o.values->cols()),
                      shape(h.contextVec.rows(), h.contextVec.cols()));
    if (dropped)
        lines << tr("α' = the weights after dropout");
    return lines.join(u'\n');
}

} // namespace ae
