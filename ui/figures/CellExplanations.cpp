#include "CellExplanations.h"

#include "HeadTensors.h"
#include "Trace.h"
#include "TraceDerived.h"

#include <QCoreApplication>

#include <cmath>

namespace ae::explain {

namespace {

// The context of this file's messages: lupdate files a free tr() under the enclosing
// namespace, where the translations would never be looked up.
struct CellExplanations
{
    Q_DECLARE_TR_FUNCTIONS(CellExplanations)
};

QString cell(const char* tensor, Eigen::Index row, Eigen::Index col)
{
    return QStringLiteral("%1[%2, %3]").arg(QLatin1StringView(tensor)).arg(row).arg(col);
}

const HeadTrace& headOf(const Trace& trace, int head)
{
    return trace.heads.at(static_cast<std::size_t>(head));
}

// Row `row` of a head's derived T x S tensor, from the view's matrix when one holds it, else
// one block of rows computed from Q and K (HeadTensors.h): the very bits the view shows.
RowVector rowOf(const Trace& trace, int head, HeadTensor kind, Eigen::Index row)
{
    return headTensorRow(trace, head, kind, row);
}

bool hidden(const Trace& trace, Eigen::Index row, Eigen::Index col)
{
    return trace.session.causal && col > row;
}

QString tokenPair(const Trace& trace, Eigen::Index row, Eigen::Index col)
{
    return CellExplanations::tr("query \"%1\", key \"%2\"")
        .arg(QString::fromStdString(trace.tokens.at(std::size_t(row))),
             QString::fromStdString(trace.keyTokens().at(std::size_t(col))));
}

} // namespace

QString number(float value)
{
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
    return QString::number(double(value), 'f', 4);
}

QString dotTerms(const float* a, const float* b, Eigen::Index n, Eigen::Index strideB, int shown)
{
    QStringList terms;
    for (Eigen::Index k = 0; k < std::min<Eigen::Index>(n, shown); ++k)
        terms << number(a[k]) + u'×' + number(b[k * strideB]);
    QString text = terms.join(QStringLiteral(" + "));
    if (n > shown)
        text += CellExplanations::tr(" + … (%1 terms)").arg(n);
    return text;
}

namespace {

// inputs = token embedding + position embedding (positional "learned" or "sinusoidal").
QString embeddingWithPosition(const Trace& trace, bool source, Eigen::Index row, Eigen::Index col)
{
    const auto& tokens = source ? trace.sourceTokens : trace.tokens;
    const auto& ids = source ? trace.sourceTokenIds : trace.tokenIds;
    const Matrix& m = source ? trace.sourceInputs : trace.inputs;
    const Matrix& tokenRows = source ? trace.sourceTokenEmbeddings : trace.tokenEmbeddings;
    const bool manual = trace.session.embedding == EmbeddingSource::Manual;
    const QString tokenTerm =
        manual ? cell(source ? "source_token_embeddings" : "token_embeddings", row, col)
               : QStringLiteral("embedding.weight[%1, %2]").arg(ids.at(std::size_t(row))).arg(col);
    const QString positionTerm = trace.session.positional == Positional::Learned
                                     ? QStringLiteral("pos_emb.weight[%1, %2]").arg(row).arg(col)
                                     : QStringLiteral("PE[%1, %2]").arg(row).arg(col);
    const QString origin = manual ? CellExplanations::tr("\"%1\" (typed in) at position %2")
                                        .arg(QString::fromStdString(tokens.at(std::size_t(row))))
                                        .arg(row)
                                  : CellExplanations::tr("\"%1\" (token id %2) at position %3")
                                        .arg(QString::fromStdString(tokens.at(std::size_t(row))))
                                        .arg(ids.at(std::size_t(row)))
                                        .arg(row);
    return CellExplanations::tr(
               "%1 = %2 + %3\n= %4 + %5 = %6\nthe token's vector plus its position's: %7")
        .arg(cell(source ? "source_inputs" : "inputs", row, col), tokenTerm, positionTerm,
             number(tokenRows(row, col)), number(trace.positionalEmbeddings(row, col)),
             number(m(row, col)), origin);
}

} // namespace

QString embedding(const Trace& trace, bool source, Eigen::Index row, Eigen::Index col)
{
    const auto& tokens = source ? trace.sourceTokens : trace.tokens;
    const auto& ids = source ? trace.sourceTokenIds : trace.tokenIds;
    const Matrix& m = source ? trace.sourceInputs : trace.inputs;
    const QString token = QString::fromStdString(tokens.at(std::size_t(row)));
    if (trace.session.positional != Positional::None)
        return embeddingWithPosition(trace, source, row, col);
    if (trace.session.embedding == EmbeddingSource::Manual)
        return CellExplanations::tr("%1 = %2: typed in for \"%3\"")
            .arg(cell(source ? "source_inputs" : "inputs", row, col), number(m(row, col)), token);
    return CellExplanations::tr("%1 = embedding.weight[%2, %3] = %4\n\"%5\" has token id %2; the "
                                "table's rows are drawn by "
                                "normal_(0, 1) after torch.manual_seed(%6)")
        .arg(cell(source ? "source_inputs" : "inputs", row, col))
        .arg(ids.at(std::size_t(row)))
        .arg(col)
        .arg(number(m(row, col)), token)
        .arg(trace.session.embeddingSeed);
}

QString projection(const Trace& trace, int head, Projection which, Eigen::Index row,
                   Eigen::Index col)
{
    const HeadTrace& h = headOf(trace, head);
    const bool query = which == Projection::Query;
    const Matrix& x = query ? trace.inputs : trace.keySource();
    const Matrix& w = which == Projection::Query ? trace.params().wQuery
                      : which == Projection::Key ? trace.params().wKey
                                                 : trace.params().wValue;
    const RowVector& b = which == Projection::Query ? trace.params().bQuery
                         : which == Projection::Key ? trace.params().bKey
                                                    : trace.params().bValue;
    // Keys and values come from the query head's key/value head (grouped heads share one).
    const Eigen::Index column =
        (query ? head : trace.kvHeadOf(head)) *
            (which == Projection::Value ? trace.headDimV : trace.headDimKq) +
        col;
    const Matrix& out = which == Projection::Query ? h.queries
                        : which == Projection::Key ? headKeys(trace, head)
                                                   : headValues(trace, head);
    const char* name = which == Projection::Query ? "queries"
                       : which == Projection::Key ? "keys"
                                                  : "values";
    const char* weightName = which == Projection::Query ? "W_query"
                             : which == Projection::Key ? "W_key"
                                                        : "W_value";
    QString text = QStringLiteral("%1 = %2[%3] · %4[:, %5]%6\n= %7")
                       .arg(cell(name, row, col), query || !trace.session.isCross()
                                                      ? QStringLiteral("inputs")
                                                      : QStringLiteral("source_inputs"))
                       .arg(row)
                       .arg(QLatin1StringView(weightName))
                       .arg(col)
                       .arg(b.size() > 0 ? QStringLiteral(" + b[%1]").arg(col) : QString())
                       .arg(dotTerms(x.row(row).data(), w.data() + column, x.cols(), w.cols()));
    if (b.size() > 0)
        text += QStringLiteral(" + ") + number(b(column));
    return text + QStringLiteral(" = ") + number(out(row, col));
}

QString score(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const bool simplified = !trace.session.hasWeights();
    const Matrix& q = headQueries(trace, head);
    const Matrix& k = headKeys(trace, head);
    return QStringLiteral("%1 = %2[%3] · %4[%5]   (%6)\n= %7 = %8")
        .arg(cell("attn_scores", row, col),
             simplified ? QStringLiteral("inputs") : QStringLiteral("queries"))
        .arg(row)
        .arg(simplified ? QStringLiteral("inputs") : QStringLiteral("keys"))
        .arg(col)
        .arg(tokenPair(trace, row, col),
             dotTerms(q.row(row).data(), k.row(col).data(), q.cols(), 1),
             number(rowOf(trace, head, HeadTensor::Scores, row)(col)));
}

QString scaledScore(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const float s = rowOf(trace, head, HeadTensor::Scores, row)(col);
    return CellExplanations::tr("%1 / √d_k = %2 / %3 = %4\nDividing by √d_k keeps the scores' "
                                "spread near 1, so softmax does not saturate.")
        .arg(cell("attn_scores", row, col), number(s), number(trace.scoreDivisor),
             number(s / trace.scoreDivisor));
}

QString mask(const Trace& trace, Eigen::Index row, Eigen::Index col)
{
    return hidden(trace, row, col)
               ? CellExplanations::tr(
                     "mask[%1, %2] = 1: key %2 comes after query %1, so it is hidden")
                     .arg(row)
                     .arg(col)
               : CellExplanations::tr(
                     "mask[%1, %2] = 0: key %2 is at or before query %1, so it stays visible")
                     .arg(row)
                     .arg(col);
}

QString maskedScore(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    if (hidden(trace, row, col))
        return CellExplanations::tr(
                   "%1 = −∞: a future key (mask = 1); exp(−∞) = 0, so its weight will be 0")
            .arg(cell("masked", row, col));
    return CellExplanations::tr("%1 = attn_scores[%2, %3] = %4 (visible)")
        .arg(cell("masked", row, col))
        .arg(row)
        .arg(col)
        .arg(number(rowOf(trace, head, HeadTensor::Scores, row)(col)));
}

QString weight(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const float divisor = trace.scoreDivisor;
    const Eigen::Index S = trace.keyCount();
    const Eigen::Index visible = trace.session.causal ? std::min(row + 1, S) : S;
    if (col >= visible)
        return CellExplanations::tr("%1 = 0: the key is hidden by the causal mask")
            .arg(cell("attn_weights", row, col));
    const RowVector scores = rowOf(trace, head, HeadTensor::Scores, row);
    float maximum = -INFINITY;
    for (Eigen::Index j = 0; j < visible; ++j)
        maximum = std::max(maximum, scores(j) / divisor);
    double sum = 0;
    for (Eigen::Index j = 0; j < visible; ++j)
        sum += std::exp(double(scores(j) / divisor - maximum));
    const QString s = divisor == 1.0f ? QStringLiteral("s") : QStringLiteral("s/√d_k");
    return CellExplanations::tr("%1 = softmax of row %2 (%3)\n= exp(%4 − max) / Σ exp(%4 − max) = "
                                "exp(%5 − %6) / %7 = %8\n"
                                "Row %2 sums to 1 over its %9 visible keys.")
        .arg(cell("attn_weights", row, col))
        .arg(row)
        .arg(tokenPair(trace, row, col), s, number(scores(col) / divisor), number(maximum))
        .arg(sum, 0, 'f', 4)
        .arg(number(rowOf(trace, head, HeadTensor::Weights, row)(col)))
        .arg(visible);
}

QString keep(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const bool kept = headOf(trace, head).dropoutMask(row, col) != 0.0f;
    return kept
               ? CellExplanations::tr(
                     "dropout_mask[%1, %2] = 1: kept (its uniform draw was below 1 − p = %3)")
                     .arg(row)
                     .arg(col)
                     .arg(1.0 - trace.session.dropout)
               : CellExplanations::tr(
                     "dropout_mask[%1, %2] = 0: dropped (its uniform draw was at least 1 − p = %3)")
                     .arg(row)
                     .arg(col)
                     .arg(1.0 - trace.session.dropout);
}

QString dropped(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const HeadTrace& h = headOf(trace, head);
    return CellExplanations::tr("%1 = attn_weights × keep × 1/(1 − p) = %2 × %3 × %4 = %5")
        .arg(cell("attn_weights_dropped", row, col),
             number(rowOf(trace, head, HeadTensor::Weights, row)(col)),
             number(h.dropoutMask(row, col)), number(1.0f / float(1.0 - trace.session.dropout)),
             number(rowOf(trace, head, HeadTensor::WeightsDropped, row)(col)));
}

QString context(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const HeadTrace& h = headOf(trace, head);
    const bool drop = h.dropoutMask.size() > 0;
    const RowVector w =
        rowOf(trace, head, drop ? HeadTensor::WeightsDropped : HeadTensor::Weights, row);
    const Matrix& v = headValues(trace, head);
    return QStringLiteral("%1 = Σ_j %2[%3, j] · %4[j, %5]\n= %6 = %7")
        .arg(cell("context_vec", row, col),
             drop ? QStringLiteral("attn_weights_dropped") : QStringLiteral("attn_weights"))
        .arg(row)
        .arg(trace.session.hasWeights() ? QStringLiteral("values") : QStringLiteral("inputs"))
        .arg(col)
        .arg(dotTerms(w.data(), v.data() + col, w.size(), v.cols()),
             number(h.contextVec(row, col)));
}

QString output(const Trace& trace, Eigen::Index row, Eigen::Index col)
{
    const Matrix& c = trace.contextVecHeads;
    const Matrix& w = trace.params().outProjWeight;
    return QStringLiteral("%1 = context_vec_heads[%2] · out_proj.weight[:, %3] + "
                          "out_proj.bias[%3]\n= %4 + %5 = %6")
        .arg(cell("context_vec", row, col))
        .arg(row)
        .arg(col)
        .arg(dotTerms(c.row(row).data(), w.data() + col, c.cols(), w.cols()),
             number(trace.params().outProjBias(col)), number(trace.contextVec(row, col)));
}

} // namespace ae::explain
