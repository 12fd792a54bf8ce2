#pragma once

#include "ColorMap.h"
#include "HeatmapSpec.h"

#include <QCoreApplication>
#include <QFont>
#include <QRectF>

#include <optional>

class QPainter;

namespace ae {

// The deck's picture of many heads (GPT-2's twelve): each head's attention weights as one
// image (CellRaster: the largest value of each block of cells when a cell is smaller than a
// pixel), captioned "Head 1", "Head 2", ..., in the grid that gives them the most room, with
// one colour scale for all. Where a grid of full heatmaps would spend most of each small
// panel on labels and colour bars, the mosaic spends it on the weights.
class HeadMosaic
{
    Q_DECLARE_TR_FUNCTIONS(HeadMosaic)

public:
    static constexpr std::size_t MinHeads = 5; // fewer heads are drawn as ordinary heatmaps

    // The figure's panels must share one colour scale (the per-head grid does).
    HeadMosaic(Figure figure, QFont font, std::optional<int> highlightRow);

    QSizeF preferredSize() const;
    void paint(QPainter& painter, const QRectF& target) const;

private:
    void paintScale(QPainter& painter, const QRectF& bar) const;

    Figure m_figure;
    ColorMap m_colors;
    QFont m_font;
    std::optional<int> m_highlightRow;
};

} // namespace ae
