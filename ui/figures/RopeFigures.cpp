#include "RopeFigures.h"

#include "FigureSupport.h"
#include "HeadTensors.h"
#include "Rope.h"
#include "Trace.h"
#include "TraceFigures.h"

namespace ae::figures {

using namespace support;

namespace {

QString styleText(const Session& s)
{
    return s.ropeStyle == RopeStyle::Half ? TraceFigures::tr("pairs (i, i + h/2), rotate_half")
                                          : TraceFigures::tr("pairs (2i, 2i + 1), interleaved");
}

HeatmapSpec rowsOfTokens(const TracePtr& trace, const Matrix& m, const QString& name,
                         const QString& operation, bool keys)
{
    HeatmapSpec spec;
    spec.tensorName = name;
    spec.title = name;
    spec.matrix = shared(trace, m);
    spec.operation = operation;
    spec.rowLabels = keys ? keyLabels(*trace) : queryLabels(*trace);
    spec.columnLabels = indexLabels(m.cols());
    spec.rowAxisTitle = tokensAxisTitle(*trace, false);
    spec.columnAxisTitle = TraceFigures::tr("dimension");
    spec.rowAxis = keys ? AxisKind::KeyTokens : AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::Features;
    return spec;
}

Figure beforeAfter(const TracePtr& trace, int head, bool keys)
{
    const Matrix& before = keys ? headProjectedKeys(*trace, head) : headOf(*trace, head).queries;
    const Matrix& after = keys ? headKeys(*trace, head) : headQueries(*trace, head);
    const QString name = keys ? QStringLiteral("keys") : QStringLiteral("queries");
    Figure figure;
    figure.name = fileStem(2, keys ? QStringLiteral("keys_rope") : QStringLiteral("queries_rope"),
                           *trace, head);
    figure.title = (keys ? TraceFigures::tr("Keys before and after RoPE")
                         : TraceFigures::tr("Queries before and after RoPE")) +
                   headSuffix(*trace, head);
    figure.columns = 2;
    figure.panels.push_back(rowsOfTokens(
        trace, before, name, TraceFigures::tr("the projection : %1").arg(shapeOf(before)), keys));
    figure.panels.push_back(rowsOfTokens(
        trace, after, name + QStringLiteral("_rope"),
        QStringLiteral("%1 : %2 → %3")
            .arg(TraceFigures::tr("each pair turned by m·θ_i, %1").arg(styleText(trace->session)),
                 shapeOf(before), shapeOf(after)),
        keys));
    return figure;
}

} // namespace

HeatmapSpec ropeAngles(const TracePtr& trace)
{
    const Session& s = trace->session;
    const Matrix angles = ae::ropeAngles(trace->queryCount(), trace->headDimKq, s.ropeTheta);
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("rope_angles");
    spec.title = TraceFigures::tr("Rotation angle m·θ_i of each position and pair (radians)");
    spec.matrix = owned(angles);
    spec.operation = QStringLiteral("θ_i = 1 / %1^(2i / %2), outer(positions, θ) : (%3)·(%4) → %5")
                         .arg(s.ropeTheta)
                         .arg(trace->headDimKq)
                         .arg(angles.rows())
                         .arg(angles.cols())
                         .arg(shapeOf(angles));
    spec.rowLabels = queryLabels(*trace);
    spec.columnLabels = indexLabels(angles.cols());
    spec.rowAxisTitle = TraceFigures::tr("position m (token)");
    spec.columnAxisTitle = TraceFigures::tr("pair i");
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::Features;
    spec.decimals = 2; // radians on the signed scale (0 white): not weights, no per-row scale
    return spec;
}

Figure ropeQueries(const TracePtr& trace, int head)
{
    return beforeAfter(trace, head, false);
}

Figure ropeKeys(const TracePtr& trace, int head)
{
    return beforeAfter(trace, head, true);
}

HeatmapSpec ropeRelative(const TracePtr& trace, int head)
{
    const Session& s = trace->session;
    const Matrix& queries = headOf(*trace, head).queries;
    const Eigen::Index T = queries.rows();
    const Matrix copies = queries.row(0).replicate(T, 1); // v at every position
    const Matrix rotated =
        applyRope(copies, ropeRotation(T, trace->headDimKq, s.ropeStyle, s.ropeTheta));
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("rope_relative");
    spec.title = TraceFigures::tr("One vector at every position: the score depends only on m − n");
    spec.matrix = owned(rotated * rotated.transpose());
    spec.operation = QStringLiteral("rot(v, m)·rot(v, n), v = q(1) : %1·%2 → %3")
                         .arg(shapeOf(rotated), shape(rotated.cols(), rotated.rows()), shape(T, T));
    spec.rowLabels = indexLabels(T);
    spec.columnLabels = indexLabels(T);
    spec.rowAxisTitle = TraceFigures::tr("position m");
    spec.columnAxisTitle = TraceFigures::tr("position n");
    spec.scheme = ColorScheme::Diverging;
    return spec;
}

} // namespace ae::figures
