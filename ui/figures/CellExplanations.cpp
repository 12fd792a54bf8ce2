#include "CellExplanations.h"

#include "HeadTensors.h"
#include "Trace.h"
#include "TraceDerived.h"
#include "TraceTokens.h"

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
    const KeyRange visible = visibleKeys(headOptions(trace, 0), row, trace.keyCount());
    return col < visible.first || col >= visible.last;
}

// A token as every view writes it, with its position counted from 1: “␣cat” (token 2).
QString token(const Trace& trace, bool source, Eigen::Index position)
{
    //: %1 the token's text, %2 its position, counted from 1
    return CellExplanations::tr("“%1” (token %2)")
        .arg(QString::fromStdString(shownToken(trace, source, std::size_t(position))),
             QString::number(position + 1));
}

QString query(const Trace& trace, Eigen::Index row)
{
    return token(trace, false, row);
}

QString key(const Trace& trace, Eigen::Index col)
{
    return token(trace, trace.session.isCross(), col);
}

// " (head 2)" when the module has more than one head.
QString inHead(const Trace& trace, int head)
{
    return trace.heads.size() > 1 ? CellExplanations::tr(" (head %1)").arg(head + 1) : QString();
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

// Numbers as arguments of one multi-argument arg(): a token's text (user input, perhaps "%2")
// is never scanned for placeholders again.
QString integer(Eigen::Index value)
{
    return QString::number(value);
}

// inputs = token embedding + position embedding (positional "learned" or "sinusoidal").
QString embeddingWithPosition(const Trace& trace, bool source, Eigen::Index row, Eigen::Index col)
{
    const Matrix& m = source ? trace.sourceInputs : trace.inputs;
    const Matrix& tokenRows = source ? trace.sourceTokenEmbeddings : trace.tokenEmbeddings;
    const auto& ids = source ? trace.sourceTokenIds : trace.tokenIds;
    const QString tokenVector =
        trace.session.embedding == EmbeddingSource::Manual
            ? CellExplanations::tr("the token's vector is typed in")
            : CellExplanations::tr("the token's vector is row %1 of embedding.weight (its id)")
                  .arg(ids.at(std::size_t(row)));
    const QString positionVector =
        trace.session.positional == Positional::Learned
            ? CellExplanations::tr("the position's is a row of pos_emb.weight")
            : CellExplanations::tr("the position's is the sinusoidal encoding");
    //: %1 token, %2 dimension, %3 + %4 = %5 the arithmetic, %6 and %7 where the vectors come from
    return CellExplanations::tr("Input of %1, dimension %2 = its token's vector + its position's\n"
                                "= %3 + %4 = %5\n%6; %7.")
        .arg(token(trace, source, row), integer(col), number(tokenRows(row, col)),
             number(trace.positionalEmbeddings(row, col)), number(m(row, col)), tokenVector,
             positionVector);
}

} // namespace

QString embedding(const Trace& trace, bool source, Eigen::Index row, Eigen::Index col)
{
    const auto& ids = source ? trace.sourceTokenIds : trace.tokenIds;
    const Matrix& m = source ? trace.sourceInputs : trace.inputs;
    if (trace.session.positional != Positional::None)
        return embeddingWithPosition(trace, source, row, col);
    if (trace.session.embedding == EmbeddingSource::Manual)
        //: %1 token, %2 dimension, %3 value
        return CellExplanations::tr("Input of %1, dimension %2 = %3, typed in")
            .arg(token(trace, source, row), integer(col), number(m(row, col)));
    //: %1 token, %2 dimension, %3 value, %4 token id, %5 seed
    return CellExplanations::tr("Input of %1, dimension %2 = %3\nrow %4 of embedding.weight (the "
                                "token's id), whose rows are drawn by normal_(0, 1) after "
                                "torch.manual_seed(%5)")
        .arg(token(trace, source, row), integer(col), number(m(row, col)),
             integer(ids.at(std::size_t(row))), QString::number(trace.session.embeddingSeed));
}

QString projection(const Trace& trace, int head, Projection which, Eigen::Index row,
                   Eigen::Index col)
{
    const HeadTrace& h = headOf(trace, head);
    const bool isQuery = which == Projection::Query;
    const Matrix& x = isQuery ? trace.inputs : trace.keySource();
    const Matrix& w = which == Projection::Query ? trace.params().wQuery
                      : which == Projection::Key ? trace.params().wKey
                                                 : trace.params().wValue;
    const RowVector& b = which == Projection::Query ? trace.params().bQuery
                         : which == Projection::Key ? trace.params().bKey
                                                    : trace.params().bValue;
    // Keys and values come from the query head's key/value head (grouped heads share one).
    const Eigen::Index column =
        (isQuery ? head : trace.kvHeadOf(head)) *
            (which == Projection::Value ? trace.headDimV : trace.headDimKq) +
        col;
    const Matrix& out = which == Projection::Query ? h.queries
                        : which == Projection::Key ? headProjectedKeys(trace, head)
                                                   : headValues(trace, head);
    //: %1 token, %2 dimension, %3 head, %4 column of the weight matrix
    const QString lead =
        which == Projection::Query
            ? CellExplanations::tr("Query of %1, dimension %2%3 = its input · column %4 of W_query")
        : which == Projection::Key
            ? CellExplanations::tr("Key of %1, dimension %2%3 = its input · column %4 of W_key")
            : CellExplanations::tr("Value of %1, dimension %2%3 = its input · column %4 of "
                                   "W_value");
    QString text = lead.arg(isQuery ? query(trace, row) : key(trace, row), integer(col),
                            inHead(trace, head), integer(column));
    if (b.size() > 0)
        text += CellExplanations::tr(" + its bias");
    text +=
        QStringLiteral("\n= ") + dotTerms(x.row(row).data(), w.data() + column, x.cols(), w.cols());
    if (b.size() > 0)
        text += QStringLiteral(" + ") + number(b(column));
    return text + QStringLiteral(" = ") + number(out(row, col));
}

QString score(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const bool simplified = !trace.session.hasWeights();
    const Matrix& q = headQueries(trace, head);
    const Matrix& k = headKeys(trace, head);
    //: %1 key token, %2 query token, %3 head
    const QString lead =
        simplified
            ? CellExplanations::tr("Score of key %1 for query %2%3 = the query's input · the "
                                   "key's input")
            : CellExplanations::tr("Score of key %1 for query %2%3 = query · key");
    return lead.arg(key(trace, col), query(trace, row), inHead(trace, head)) +
           QStringLiteral("\n= ") + dotTerms(q.row(row).data(), k.row(col).data(), q.cols(), 1) +
           QStringLiteral(" = ") + number(rowOf(trace, head, HeadTensor::Scores, row)(col));
}

QString scaledScore(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const float s = rowOf(trace, head, HeadTensor::Scores, row)(col);
    //: %1 key token, %2 query token, %3 head, %4 / %5 = %6 the arithmetic
    return CellExplanations::tr("Scaled score of key %1 for query %2%3 = score / √d_k\n"
                                "= %4 / %5 = %6\n"
                                "Dividing by √d_k keeps the scores' spread near 1, so softmax "
                                "does not saturate.")
        .arg(key(trace, col), query(trace, row), inHead(trace, head), number(s),
             number(trace.scoreDivisor), number(s / trace.scoreDivisor));
}

QString mask(const Trace& trace, Eigen::Index row, Eigen::Index col)
{
    //: %1 key token, %2 query token
    if (trace.session.window > 0)
        //: %1 key token, %2 query token, %3 the window
        return (hidden(trace, row, col)
                    ? CellExplanations::tr("Mask = 1: key %1 is outside the window of %3 keys of "
                                           "query %2, so it is hidden")
                    : CellExplanations::tr("Mask = 0: key %1 is inside the window of %3 keys of "
                                           "query %2, so it stays visible"))
            .arg(key(trace, col), query(trace, row))
            .arg(trace.session.window);
    return (hidden(trace, row, col)
                ? CellExplanations::tr("Mask = 1: key %1 comes after query %2, so it is hidden")
                : CellExplanations::tr(
                      "Mask = 0: key %1 is at or before query %2, so it stays visible"))
        .arg(key(trace, col), query(trace, row));
}

QString maskedScore(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    if (hidden(trace, row, col))
        //: %1 key token, %2 query token, %3 head
        return CellExplanations::tr("Masked score of key %1 for query %2%3 = −∞: a future key; "
                                    "exp(−∞) = 0, so its weight will be 0")
            .arg(key(trace, col), query(trace, row), inHead(trace, head));
    //: %1 key token, %2 query token, %3 head, %4 the score
    return CellExplanations::tr("Masked score of key %1 for query %2%3 = its score, %4: the key "
                                "is visible")
        .arg(key(trace, col), query(trace, row), inHead(trace, head),
             number(rowOf(trace, head, HeadTensor::Scores, row)(col)));
}

QString weight(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const float divisor = trace.scoreDivisor;
    if (hidden(trace, row, col))
        //: %1 key token, %2 query token, %3 head
        return CellExplanations::tr("Weight of key %1 for query %2%3 = 0: the mask hides the key")
            .arg(key(trace, col), query(trace, row), inHead(trace, head));
    const KeyRange seen = visibleKeys(headOptions(trace, head), row, trace.keyCount());
    const Eigen::Index visible = seen.last - seen.first;
    const RowVector scores = rowOf(trace, head, HeadTensor::Scores, row);
    float maximum = -INFINITY;
    for (Eigen::Index j = seen.first; j < seen.last; ++j)
        maximum = std::max(maximum, scores(j) / divisor);
    double sum = 0;
    for (Eigen::Index j = seen.first; j < seen.last; ++j)
        sum += std::exp(double(scores(j) / divisor - maximum));
    const QString s = divisor == 1.0f ? QStringLiteral("s") : QStringLiteral("s/√d_k");
    //: %1 key token, %2 query token, %3 head, %4 "s" or "s/√d_k", %5..%8 the arithmetic, %9
    //: the number of keys the query sees
    return CellExplanations::tr("Weight of key %1 for query %2%3 = exp(%4 − max) / Σ exp(%4 − "
                                "max)\n= exp(%5 − %6) / %7 = %8\n"
                                "The query's weights sum to 1 over the %9 keys it sees.")
        .arg(key(trace, col), query(trace, row), inHead(trace, head), s,
             number(scores(col) / divisor), number(maximum), QString::number(sum, 'f', 4),
             number(rowOf(trace, head, HeadTensor::Weights, row)(col)), integer(visible));
}

QString keep(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const bool kept = headOf(trace, head).dropoutMask(row, col) != 0.0f;
    //: %1 key token, %2 query token, %3 head, %4 1 − p
    return (kept ? CellExplanations::tr("Dropout keeps the weight of key %1 for query %2%3 (mask "
                                        "1): its uniform draw was below 1 − p = %4")
                 : CellExplanations::tr("Dropout drops the weight of key %1 for query %2%3 (mask "
                                        "0): its uniform draw was at least 1 − p = %4"))
        .arg(key(trace, col), query(trace, row), inHead(trace, head),
             QString::number(1.0 - trace.session.dropout));
}

QString dropped(const Trace& trace, int head, Eigen::Index row, Eigen::Index col)
{
    const HeadTrace& h = headOf(trace, head);
    //: %1 key token, %2 query token, %3 head, %4 × %5 × %6 = %7 the arithmetic
    return CellExplanations::tr("Weight of key %1 for query %2%3 after dropout = weight × keep × "
                                "1/(1 − p)\n= %4 × %5 × %6 = %7")
        .arg(key(trace, col), query(trace, row), inHead(trace, head),
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
    //: %1 query token, %2 dimension, %3 head
    const QString lead =
        trace.session.hasWeights()
            ? CellExplanations::tr("Context of query %1, dimension %2%3 = Σ over the keys of "
                                   "weight × value")
            : CellExplanations::tr("Context of query %1, dimension %2%3 = Σ over the keys of "
                                   "weight × input");
    return lead.arg(query(trace, row), integer(col), inHead(trace, head)) + QStringLiteral("\n= ") +
           dotTerms(w.data(), v.data() + col, w.size(), v.cols()) + QStringLiteral(" = ") +
           number(h.contextVec(row, col));
}

QString output(const Trace& trace, Eigen::Index row, Eigen::Index col)
{
    const RowVector c = headsConcatenatedRow(trace, row);
    const Matrix& w = trace.params().outProjWeight;
    //: %1 query token, %2 dimension
    return CellExplanations::tr("Output of query %1, dimension %2 = its heads' contexts · column "
                                "%2 of out_proj.weight + out_proj.bias")
               .arg(query(trace, row), integer(col)) +
           QStringLiteral("\n= ") + dotTerms(c.data(), w.data() + col, c.cols(), w.cols()) +
           QStringLiteral(" + ") + number(trace.params().outProjBias(col)) + QStringLiteral(" = ") +
           number(trace.contextVec(row, col));
}

} // namespace ae::explain
