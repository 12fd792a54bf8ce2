#include "HeadsFigures.h"

#include "FigureSupport.h"
#include "Trace.h"

#include <QLocale>

namespace ae::figures {

using namespace support;

namespace {

struct CacheRow
{
    QString name;
    int heads, kvHeads, dk, dv, layers;
};

} // namespace

Figure headGrid(const TracePtr& trace)
{
    Figure figure;
    const int heads = int(trace->heads.size());
    figure.name = fileStem(8, QStringLiteral("head_grid_attn_weights"), *trace);
    figure.title = TraceFigures::tr("Attention weights of every head: %1 × %2")
                       .arg(heads)
                       .arg(cellsShape(*trace));
    figure.columns = heads <= 4 ? heads : heads <= 9 ? 3 : 4;
    const bool grouped = trace->session.grouped();
    if (grouped) {
        // The query heads that read one key/value head side by side, whole groups to a row: up
        // to 4 heads one group a row; more, as many columns as the smallest multiple of the group
        // that the ungrouped grid has, so that the panels keep their size (larger ones cost
        // 10 ms of the live update at 1,024 tokens); a group wider than that grid wraps, its
        // panels' titles naming it.
        const int group = heads / trace->session.kvHeads();
        if (heads <= 4)
            figure.columns = group;
        else if (group <= figure.columns)
            figure.columns = (figure.columns + group - 1) / group * group;
        figure.title +=
            TraceFigures::tr("; the query heads of each key/value head side by side (%1 of them)")
                .arg(trace->session.kvHeads());
    }
    for (int h = 0; h < heads; ++h) {
        HeatmapSpec spec = weights(trace, h);
        spec.title =
            grouped
                ? TraceFigures::tr("Head %1 · K/V head %2").arg(h + 1).arg(trace->kvHeadOf(h) + 1)
                : TraceFigures::tr("Head %1").arg(h + 1);
        figure.panels.push_back(std::move(spec));
    }
    return figure;
}

HeatmapSpec kvCache(const TracePtr& trace)
{
    const Session& s = trace->session;
    const std::vector<CacheRow> rows{
        {TraceFigures::tr("this session"), s.effectiveHeads(), s.kvHeads(), trace->headDimKq,
         trace->headDimV, 1},
        {QStringLiteral("Llama 2 7B"), 32, 32, 128, 128, 32},
        {QStringLiteral("Llama 2 70B"), 64, 8, 128, 128, 80},
    };
    Matrix floats(Eigen::Index(rows.size()), 2);
    QStringList rowLabels;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const CacheRow& row = rows[r];
        floats(Eigen::Index(r), 0) = float(row.kvHeads * (row.dk + row.dv));
        floats(Eigen::Index(r), 1) = float(row.heads * (row.dk + row.dv));
        rowLabels << row.name;
    }
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("kv_cache");
    spec.title = TraceFigures::tr("Key/value cache per token and layer, in floats");
    spec.operation = QStringLiteral("kv_heads·(d_k + d_v)  |  num_heads·(d_k + d_v)");
    spec.matrix = owned(std::move(floats));
    spec.rowLabels = rowLabels;
    spec.columnLabels = {TraceFigures::tr("key/value heads"), TraceFigures::tr("one per head")};
    spec.decimals = 0;
    spec.scheme = ColorScheme::Sequential; // sizes, from 0
    spec.explain = [rows](Eigen::Index r, Eigen::Index c) -> QString {
        const CacheRow& row = rows[std::size_t(r)];
        const int heads = c == 0 ? row.kvHeads : row.heads;
        const QLocale locale;
        const qlonglong perToken = qlonglong(heads) * (row.dk + row.dv);
        QString text = QStringLiteral("%1·(%2 + %3) = %4")
                           .arg(heads)
                           .arg(row.dk)
                           .arg(row.dv)
                           .arg(locale.toString(perToken));
        if (row.layers > 1)
            text += TraceFigures::tr("; × %1 layers = %2 floats per token, %3 KiB in float16")
                        .arg(row.layers)
                        .arg(locale.toString(perToken * row.layers))
                        .arg(locale.toString(perToken * row.layers * 2 / 1024));
        return text;
    };
    return spec;
}

} // namespace ae::figures
