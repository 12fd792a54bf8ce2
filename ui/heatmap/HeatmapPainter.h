#pragma once

#include "ColorMap.h"
#include "HeatmapLayout.h"
#include "HeatmapSpec.h"
#include "HeatmapStyle.h"

#include <QCoreApplication>
#include <QPointF>
#include <QRectF>
#include <QStringList>

#include <optional>

class QFontMetricsF;
class QPainter;

namespace ae {

class CellGeometry;

// What a view shows of a heatmap: zoom and pan (see CellGeometry) and the highlighted
// (pinned) row and column.
struct HeatmapView
{
    double zoom = 1;
    QPointF pan;
    std::optional<Eigen::Index> highlightRow, highlightColumn;
};

// Paints a HeatmapSpec (or a whole Figure grid) on any QPainter: widget cache images, PNG,
// SVG and PDF. Small views are drawn cell by cell (one rectangle per cell, values as text, so
// SVG and PDF stay vector); views with more than MaxVectorCells visible cells, or with cells
// smaller than a device pixel, go through CellRaster (one image, downsampled by largest
// magnitude per block, the method written in a note under the cells). Non-finite cells are
// hatched and, when values are shown, labelled "−∞".
class HeatmapPainter
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapPainter)

public:
    using View = HeatmapView;
    static constexpr Eigen::Index MaxVectorCells = 128 * 128;

    // What painting a spec needs that depends only on the spec and the fonts: text sizes
    // and the colour scale. Views keep it while zooming and panning (measuring scans the
    // whole matrix, 16 M cells for 4096 tokens).
    struct Prepared
    {
        HeatmapMetrics metrics;
        ColorMap colors;
    };

    explicit HeatmapPainter(HeatmapStyle style = HeatmapStyle::forExport());
    const HeatmapStyle& style() const { return m_style; }

    Prepared prepare(const HeatmapSpec& spec) const;
    HeatmapMetrics metrics(const HeatmapSpec& spec) const { return prepare(spec).metrics; }
    HeatmapLayout layout(const HeatmapSpec& spec, const QRectF& target) const;
    QSizeF preferredSize(const HeatmapSpec& spec) const;
    QSizeF preferredSize(const Figure& figure) const;
    // The panels' rectangles of a figure painted in `target`.
    std::vector<QRectF> panelRects(const Figure& figure, const QRectF& target) const;

    void paint(QPainter& painter, const HeatmapSpec& spec, const QRectF& target,
               const View& view = {}) const;
    void paint(QPainter& painter, const HeatmapSpec& spec, const QRectF& target, const View& view,
               const Prepared& prepared) const;
    void paint(QPainter& painter, const Figure& figure, const QRectF& target) const;
    // The figure's title font, smaller (down to 60%) where the title is wider than `width`;
    // only a title still too wide is elided.
    QFont fittedTitleFont(const Figure& figure, double width) const;

    // The operation caption (or the title) as drawn in `lines` lines of `width`: whole when it
    // fits, else split before its shapes (" : ") or between words; elided only when that is
    // not enough.
    static QStringList operationLines(const QFontMetricsF& fm, const QString& operation,
                                      double width, int lines);
    // "1024×1024 shown as 512×512 (max |value| per 2×2 block)"
    static QString downsamplingNote(Eigen::Index rows, Eigen::Index columns, int rowBlock,
                                    int columnBlock);

private:
    void paintPanel(QPainter& painter, const HeatmapSpec& spec, const QRectF& target,
                    const View& view, const Prepared& prepared) const;
    void paintCellsVector(QPainter& painter, const HeatmapSpec& spec, const ColorMap& colors,
                          const CellGeometry& geometry, bool showValues) const;
    void paintHatch(QPainter& painter, const QRectF& cell, const QPointF& origin) const;
    void paintHighlight(QPainter& painter, const CellGeometry& geometry, const View& view) const;
    void paintOutlines(QPainter& painter, const HeatmapSpec& spec,
                       const CellGeometry& geometry) const;
    double figureTitleHeight(const Figure& figure) const;

    HeatmapStyle m_style;
};

} // namespace ae
