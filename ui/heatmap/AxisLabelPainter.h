#pragma once

#include "HeatmapLayout.h"
#include "HeatmapStyle.h"

#include <QStringList>

#include <optional>

class QPainter;

namespace ae {

class CellGeometry;

// Row and column labels (token strings or indices) and the axis titles of one heatmap.
// Labels follow the cells when zoomed; at the current cell size (HeatmapLayout::labelFit) token
// labels shrink a little or are thinned to every k-th one, other labels are thinned, so they
// never overlap; the labels of a highlighted row and column are bold. The row axis title
// reads bottom to top, except a
// title in Chinese, Japanese or Korean, whose characters are stacked upright (查 over 询), as
// vertical CJK text is written, rather than lying on their side.
class AxisLabelPainter
{
public:
    AxisLabelPainter(const HeatmapStyle& style, const HeatmapMetrics& metrics)
        : m_style(style), m_metrics(metrics)
    {
    }

    // The title has a CJK character: it is stacked upright.
    static bool stacksUpright(const QString& title);
    // One line per character (grapheme), spaces dropped: "键/值" -> 键, /, 值.
    static QStringList uprightLines(const QString& title);

    void paint(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
               const CellGeometry& geometry, std::optional<Eigen::Index> highlightRow,
               std::optional<Eigen::Index> highlightColumn) const;

private:
    void paintRowLabels(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
                        const CellGeometry& geometry, std::optional<Eigen::Index> highlight) const;
    void paintColumnLabels(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
                           const CellGeometry& geometry,
                           std::optional<Eigen::Index> highlight) const;
    void paintAxisTitles(QPainter& painter, const HeatmapSpec& spec,
                         const HeatmapLayout& layout) const;
    void paintUpright(QPainter& painter, const QString& title, const QRectF& band) const;

    const HeatmapStyle& m_style;
    const HeatmapMetrics& m_metrics;
};

} // namespace ae
