#pragma once

// Internal to ui/figures: what TraceFigures.cpp and InputFigures.cpp share.

#include "HeatmapSpec.h"
#include "MessageText.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "TraceTokens.h"

#include <QCoreApplication>

namespace ae::figures::support {

// The translation context of the figures' messages (a struct: lupdate files a free tr()
// under the enclosing namespace, where the translations would never be looked up).
struct TraceFigures
{
    Q_DECLARE_TR_FUNCTIONS(TraceFigures)
};

inline QString shape(Eigen::Index rows, Eigen::Index cols)
{
    return QStringLiteral("(%1×%2)").arg(rows).arg(cols);
}

inline QString shapeOf(const Matrix& m)
{
    return shape(m.rows(), m.cols());
}

// The shape of a head's T x S tensors (scores, weights).
inline QString cellsShape(const Trace& trace)
{
    return shape(trace.queryCount(), trace.keyCount());
}

// A matrix owned by the trace, shared without a copy.
inline std::shared_ptr<const Matrix> shared(const TracePtr& trace, const Matrix& m)
{
    return {trace, &m};
}

inline std::shared_ptr<const Matrix> owned(Matrix m)
{
    return std::make_shared<const Matrix>(std::move(m));
}

inline QStringList indexLabels(Eigen::Index count)
{
    QStringList labels;
    for (Eigen::Index i = 0; i < count; ++i)
        labels << QString::number(i);
    return labels;
}

// The tokens as every view writes them (shownTokens: "␣cat", "⏎"), bounded before any layout.
inline QStringList tokenLabels(const Trace& trace, bool source)
{
    QStringList labels;
    for (const auto& t : shownTokens(trace, source))
        labels << elidedLabel(QString::fromStdString(t));
    return labels;
}

inline const HeadTrace& headOf(const Trace& trace, int head)
{
    return trace.heads.at(static_cast<std::size_t>(head));
}

inline QString headSuffix(const Trace& trace, int head)
{
    return trace.heads.size() > 1 ? TraceFigures::tr(" (head %1)").arg(head + 1) : QString();
}

inline QString fileHead(const Trace& trace, int head)
{
    const int heads = int(trace.heads.size());
    return heads > 1 ? QStringLiteral("-head") + fileNumber(head + 1, heads) : QString();
}

// The axis of the query tokens; in cross-attention it names the sentence they come from, as
// the key axis names the source sentence, so two sentences' tokens are never confused.
inline QString queryAxisTitle(const Trace& trace)
{
    return trace.session.isCross() ? TraceFigures::tr("queries: the sentence")
                                   : TraceFigures::tr("queries");
}

inline QString keyAxisTitle(const Trace& trace)
{
    return trace.session.isCross() ? TraceFigures::tr("keys/values: the source sentence")
                                   : TraceFigures::tr("keys");
}

// Rows of token vectors (embeddings, projections): in cross-attention, of which sentence.
inline QString tokensAxisTitle(const Trace& trace, bool fromSource)
{
    if (!trace.session.isCross())
        return TraceFigures::tr("tokens");
    return fromSource ? TraceFigures::tr("tokens of the source sentence")
                      : TraceFigures::tr("tokens of the sentence");
}

// A (T x S) attention-shaped spec: queries on the rows, keys on the columns.
inline HeatmapSpec attentionSpec(const Trace& trace)
{
    HeatmapSpec spec;
    spec.rowLabels = queryLabels(trace);
    spec.columnLabels = keyLabels(trace);
    spec.rowAxisTitle = queryAxisTitle(trace);
    spec.columnAxisTitle = keyAxisTitle(trace);
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::KeyTokens;
    return spec;
}

inline QString divisorText(const Trace& trace)
{
    return QStringLiteral("√%1").arg(trace.headDimKq > 0 ? trace.headDimKq : trace.inputs.cols());
}

} // namespace ae::figures::support
