#include "TraceFigures.h"

#include "CellExplanations.h"
#include "FigureSupport.h"
#include "HeadTensors.h"
#include "SessionEnums.h"
#include "TraceDerived.h"

namespace ae::figures {

using namespace support;

namespace {

// How the panel's rows were made: the token table looked up (or the typed-in rows), plus,
// for the inputs with positional embeddings, the position rows 0 .. rows-1.
QString inputsOperation(const Trace& t, const Matrix& m, bool withPositions)
{
    const Session& s = t.session;
    QString positions;
    if (withPositions && s.positional == Positional::Learned)
        positions = QStringLiteral("pos_emb(torch.arange(%1))").arg(m.rows());
    else if (withPositions && s.positional == Positional::Sinusoidal)
        positions = QStringLiteral("PE[:%1]").arg(m.rows());
    if (s.embedding == EmbeddingSource::Manual)
        return positions.isEmpty()
                   ? TraceFigures::tr("typed in : %1").arg(shapeOf(m))
                   : TraceFigures::tr("typed in + %1 : %2").arg(positions, shapeOf(m));
    return QStringLiteral("nn.Embedding(%1, %2)(token_ids)%3 : (%4) → %5")
        .arg(s.vocabSize)
        .arg(s.dIn)
        .arg(positions.isEmpty() ? QString() : QStringLiteral(" + ") + positions)
        .arg(m.rows())
        .arg(shapeOf(m));
}

} // namespace

HeatmapSpec embeddings(const TracePtr& trace)
{
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("inputs");
    spec.title = trace->session.positional == Positional::None
                     ? TraceFigures::tr("Embeddings x")
                     : TraceFigures::tr("Inputs x = token + position");
    spec.matrix = shared(trace, trace->inputs);
    spec.operation = inputsOperation(*trace, trace->inputs, true);
    spec.rowLabels = queryLabels(*trace);
    spec.columnLabels = indexLabels(trace->inputs.cols());
    spec.rowAxisTitle = tokensAxisTitle(*trace, false);
    spec.columnAxisTitle = TraceFigures::tr("embedding dimension");
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::Features;
    spec.explain = [t = trace](Eigen::Index r, Eigen::Index c) {
        return explain::embedding(*t, false, r, c);
    };
    return spec;
}

HeatmapSpec tokenEmbeddings(const TracePtr& trace)
{
    HeatmapSpec spec = embeddings(trace);
    spec.tensorName = QStringLiteral("token_embeddings");
    spec.title = TraceFigures::tr("Token embeddings");
    spec.matrix = shared(trace, trace->tokenEmbeddings);
    spec.operation = inputsOperation(*trace, trace->tokenEmbeddings, false);
    spec.explain = {};
    return spec;
}

HeatmapSpec positionalEmbeddings(const TracePtr& trace)
{
    const Trace& t = *trace;
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("positional_embeddings");
    spec.matrix = shared(trace, t.positionalEmbeddings);
    if (t.session.positional == Positional::Learned) {
        spec.title = TraceFigures::tr("Learned position embeddings");
        spec.operation = QStringLiteral("nn.Embedding(%1, %2)(torch.arange(%3)) : %4")
                             .arg(t.session.contextLength)
                             .arg(t.session.dIn)
                             .arg(t.positionalEmbeddings.rows())
                             .arg(shapeOf(t.positionalEmbeddings));
    } else {
        spec.title = TraceFigures::tr("Sinusoidal position embeddings");
        spec.operation =
            QStringLiteral("PE[pos, 2i] = sin(pos / 10000^(2i/%1)), PE[pos, 2i+1] = cos(…) : %2")
                .arg(t.session.dIn)
                .arg(shapeOf(t.positionalEmbeddings));
    }
    spec.rowLabels = indexLabels(t.positionalEmbeddings.rows());
    spec.columnLabels = indexLabels(t.positionalEmbeddings.cols());
    spec.rowAxisTitle = TraceFigures::tr("position");
    spec.columnAxisTitle = TraceFigures::tr("embedding dimension");
    spec.rowAxis = AxisKind::Other;
    spec.columnAxis = AxisKind::Features;
    return spec;
}

HeatmapSpec sourceEmbeddings(const TracePtr& trace)
{
    HeatmapSpec spec = embeddings(trace);
    spec.tensorName = QStringLiteral("source_inputs");
    spec.title = TraceFigures::tr("Source embeddings (keys and values come from these)");
    spec.matrix = shared(trace, trace->sourceInputs);
    spec.operation = inputsOperation(*trace, trace->sourceInputs, true);
    spec.rowLabels = tokenLabels(*trace, true);
    spec.rowAxisTitle = tokensAxisTitle(*trace, true);
    spec.rowAxis = AxisKind::KeyTokens;
    spec.explain = [t = trace](Eigen::Index r, Eigen::Index c) {
        return explain::embedding(*t, true, r, c);
    };
    return spec;
}

Figure projectionWeights(const TracePtr& trace, int head)
{
    Figure figure;
    figure.name = fileStem(2, QStringLiteral("projection_weights"), *trace, head);
    figure.title =
        TraceFigures::tr("Trainable projections W_q, W_k, W_v") + headSuffix(*trace, head);
    figure.columns = 3;
    const HeadProjection projection = headProjection(*trace, head);
    const bool linear = trace->session.init == InitScheme::Linear;
    const std::pair<const char*, const Matrix*> parts[] = {{"W_query", &projection.wQuery},
                                                           {"W_key", &projection.wKey},
                                                           {"W_value", &projection.wValue}};
    for (const auto& [name, m] : parts) {
        HeatmapSpec spec;
        spec.tensorName = QLatin1StringView(name);
        spec.title = QLatin1StringView(name);
        spec.matrix = owned(*m);
        spec.operation = (linear ? TraceFigures::tr("nn.Linear weight, transposed : %1")
                                 : TraceFigures::tr("torch.rand : %1"))
                             .arg(shapeOf(*m));
        spec.rowLabels = indexLabels(m->rows());
        spec.columnLabels = indexLabels(m->cols());
        spec.rowAxisTitle = TraceFigures::tr("input dimension");
        spec.columnAxisTitle = TraceFigures::tr("output dimension");
        spec.rowAxis = spec.columnAxis = AxisKind::Features;
        figure.panels.push_back(std::move(spec));
    }
    return figure;
}

Figure projections(const TracePtr& trace, int head)
{
    Figure figure;
    figure.name = fileStem(2, QStringLiteral("queries_keys_values"), *trace, head);
    figure.title = TraceFigures::tr("Queries, keys and values") + headSuffix(*trace, head);
    figure.columns = 3;
    const HeadTrace& h = headOf(*trace, head);
    const HeadProjection projection = headProjection(*trace, head);
    const bool cross = trace->session.isCross();
    const struct
    {
        const char* name;
        const Matrix* m;
        const Matrix* w;
        explain::Projection kind;
        bool fromSource;
    } parts[] = {{"queries", &h.queries, &projection.wQuery, explain::Projection::Query, false},
                 {"keys", &headProjectedKeys(*trace, head), &projection.wKey,
                  explain::Projection::Key, cross},
                 {"values", &headValues(*trace, head), &projection.wValue,
                  explain::Projection::Value, cross}};
    for (const auto& part : parts) {
        HeatmapSpec spec;
        spec.tensorName = QLatin1StringView(part.name);
        spec.title = QLatin1StringView(part.name);
        spec.matrix = shared(trace, *part.m);
        const Matrix& x = part.fromSource ? trace->sourceInputs : trace->inputs;
        spec.operation = QStringLiteral("%1·%2%3 : %4·%5 → %6")
                             .arg(part.fromSource ? QStringLiteral("X_src") : QStringLiteral("X"),
                                  part.kind == explain::Projection::Query ? QStringLiteral("W_q")
                                  : part.kind == explain::Projection::Key ? QStringLiteral("W_k")
                                                                          : QStringLiteral("W_v"),
                                  trace->session.qkvBias ? QStringLiteral(" + b") : QString(),
                                  shapeOf(x), shapeOf(*part.w), shapeOf(*part.m));
        spec.rowLabels = part.fromSource ? tokenLabels(*trace, true) : queryLabels(*trace);
        spec.columnLabels = indexLabels(part.m->cols());
        spec.rowAxisTitle = tokensAxisTitle(*trace, part.fromSource);
        spec.columnAxisTitle = TraceFigures::tr("dimension");
        spec.rowAxis = part.fromSource || part.kind != explain::Projection::Query
                           ? AxisKind::KeyTokens
                           : AxisKind::QueryTokens;
        spec.columnAxis = AxisKind::Features;
        spec.explain = [t = trace, head, kind = part.kind](Eigen::Index r, Eigen::Index c) {
            return explain::projection(*t, head, kind, r, c);
        };
        figure.panels.push_back(std::move(spec));
    }
    return figure;
}

} // namespace ae::figures
