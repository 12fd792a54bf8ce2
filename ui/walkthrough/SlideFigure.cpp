#include "SlideFigure.h"

#include "HeatmapPainter.h"

#include <QFontMetricsF>

namespace ae {

HeatmapPainter SlideFigure::painter()
{
    HeatmapStyle style = HeatmapStyle::forExport(FontPixels);
    style.rasterPixelRatio = 2; // big matrices: 2 image pixels per unit of the page
    return HeatmapPainter(style);
}

Figure SlideFigure::compact(Figure figure)
{
    Eigen::Index largest = 0;
    Eigen::Index rescaledKeys = 0;
    auto rescaled = [](const QString& title, Eigen::Index keys) {
        return tr("%1 (colours up to %2/%3, %2 times the uniform weight)")
            .arg(title)
            .arg(BigWeightsScale)
            .arg(keys);
    };
    for (HeatmapSpec& spec : figure.panels) {
        const Eigen::Index rows = spec.matrix ? spec.matrix->rows() : 0;
        const Eigen::Index keys = spec.matrix ? spec.matrix->cols() : 0;
        if (keys > CompactExtent && spec.scheme == ColorScheme::Sequential) {
            spec.range = std::pair{0.0f, float(BigWeightsScale) / float(keys)};
            spec.scale = ScaleMode::Fixed;
            rescaledKeys = keys;
            if (figure.title.isEmpty())
                spec.title = rescaled(spec.title, keys);
        }
        largest = std::max({largest, rows, keys});
    }
    if (rescaledKeys > 0 && !figure.title.isEmpty())
        figure.title = rescaled(figure.title, rescaledKeys);
    // Three panels side by side: their captions (the operations, which the slide's formula
    // block prints anyway) would set each panel's width and leave the cells tiny.
    // Their column axis titles too ("keys" above token labels): a line the cells need more.
    // The row axis title too (the row labels are the tokens), and the figure's title, which
    // the slide's title and formula say already: a row of panels is short of height.
    if (figure.panels.size() >= 3) {
        for (HeatmapSpec& spec : figure.panels) {
            spec.operation.clear();
            spec.columnAxisTitle.clear();
            if (!spec.rowLabels.isEmpty())
                spec.rowAxisTitle.clear();
        }
        if (rescaledKeys == 0)
            figure.title.clear();
    }
    if (figure.panels.size() <= 4 && (figure.panels.size() < 2 || largest <= CompactExtent))
        return figure;
    for (HeatmapSpec& spec : figure.panels) {
        spec.operation.clear();
        spec.rowAxisTitle.clear();
        spec.columnAxisTitle.clear();
        if (spec.matrix && spec.matrix->rows() > CompactExtent)
            spec.rowLabels.clear();
        if (spec.matrix && spec.matrix->cols() > CompactExtent)
            spec.columnLabels.clear();
    }
    return figure;
}

void SlideFigure::paint(QPainter& painter, const Figure& figure, const QRectF& area,
                        std::optional<int> highlightQuery)
{
    const HeatmapPainter hp = SlideFigure::painter();
    Figure frame = figure; // background and title; the panels follow with their highlight
    frame.panels.clear();
    hp.paint(painter, frame, area);
    const std::vector<QRectF> rects = hp.panelRects(figure, area);
    for (std::size_t i = 0; i < rects.size(); ++i) {
        const HeatmapSpec& spec = figure.panels[i];
        HeatmapView view;
        const Eigen::Index rows = spec.matrix ? spec.matrix->rows() : 0;
        const Eigen::Index cols = spec.matrix ? spec.matrix->cols() : 0;
        if (highlightQuery && spec.rowAxis == AxisKind::QueryTokens && *highlightQuery < rows)
            view.highlightRow = *highlightQuery;
        if (highlightQuery && spec.columnAxis == AxisKind::QueryTokens && *highlightQuery < cols)
            view.highlightColumn = *highlightQuery;
        hp.paint(painter, spec, rects[i], view);
    }
}

QSizeF SlideFigure::smallestCell(const Figure& figure, const QRectF& area, bool* valuesShown)
{
    const HeatmapPainter hp = SlideFigure::painter();
    const std::vector<QRectF> rects = hp.panelRects(figure, area);
    QSizeF smallest(0, 0);
    bool values = !rects.empty();
    for (std::size_t i = 0; i < rects.size(); ++i) {
        const HeatmapLayout layout = hp.layout(figure.panels[i], rects[i]);
        values = values && layout.showValues;
        smallest = i == 0 ? QSizeF(layout.cellWidth, layout.cellHeight)
                          : QSizeF(std::min(smallest.width(), layout.cellWidth),
                                   std::min(smallest.height(), layout.cellHeight));
    }
    if (valuesShown)
        *valuesShown = values;
    return smallest;
}

} // namespace ae
