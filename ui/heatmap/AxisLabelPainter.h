#pragma once

#include "HeatmapLayout.h"
#include "HeatmapStyle.h"

#include <optional>

class QPainter;

namespace ae {

class CellGeometry;

// Row and column labels (token strings or indices) and the axis titles of one heatmap.
// Labels follow the cells when zoomed and are thinned to every k-th one
// (HeatmapLayout::labelStep at the current cell size) so they never overlap; the labels of
// a highlighted row and column are bold.
class AxisLabelPainter
{
public:
    AxisLabelPainter(const HeatmapStyle& style, const HeatmapMetrics& metrics) : m_style(style), m_metrics(metrics) {}

    void paint(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout, const CellGeometry& geometry,
               std::optional<Eigen::Index> highlightRow, std::optional<Eigen::Index> highlightColumn) const;

private:
    void paintRowLabels(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
                        const CellGeometry& geometry, std::optional<Eigen::Index> highlight) const;
    void paintColumnLabels(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
                           const CellGeometry& geometry, std::optional<Eigen::Index> highlight) const;
    void paintAxisTitles(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout) const;

    const HeatmapStyle& m_style;
    const HeatmapMetrics& m_metrics;
};

} // namespace ae
