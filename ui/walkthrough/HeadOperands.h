#pragma once

#include "HeadTensors.h"
#include "Trace.h"

#include <QString>

namespace ae {

// The matrices one head multiplies, with the symbols the seeds give them. Simplified
// attention has no projections: its queries, keys and values are the embeddings (X, or the
// source's X_src for cross-attention), which the trace keeps once in `inputs`.
struct HeadOperands
{
    const HeadTrace* head = nullptr;
    const Matrix* queries = nullptr;
    const Matrix* keys = nullptr;
    const Matrix* values = nullptr;
    QString q, k, v; // row symbols: q, k, v; simplified: x, x, x
    QString Q, K,
        V; // matrix symbols: Q, K, V; simplified: X, X, X (X_src for keys and values of cross)

    static HeadOperands of(const Trace& trace, int headIndex = 0)
    {
        HeadOperands o;
        const HeadTrace& h = trace.heads.at(std::size_t(headIndex));
        o.head = &h;
        if (trace.session.hasWeights()) {
            o.queries = &h.queries;
            o.keys = &headKeys(trace, headIndex);
            o.values = &headValues(trace, headIndex);
            o.q = QStringLiteral("q");
            o.k = QStringLiteral("k");
            o.v = QStringLiteral("v");
            o.Q = QStringLiteral("Q");
            o.K = QStringLiteral("K");
            o.V = QStringLiteral("V");
            return o;
        }
        const QString source =
            trace.session.isCross() ? QStringLiteral("X_src") : QStringLiteral("X");
        o.queries = &trace.inputs;
        o.keys = o.values = &trace.keySource();
        o.q = o.k = o.v = QStringLiteral("x");
        o.Q = QStringLiteral("X");
        o.K = o.V = source;
        return o;
    }
};

} // namespace ae
