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
// one colour scale for all; a labelled grid (Figure::gridRows/gridColumns: the model view's
// layers × heads) keeps its columns and is labelled at its edges. Where a grid of full heatmaps
// would spend most of each small panel on labels and colour bars, the mosaic spends it on the
// weights.
class HeadMosaic
{
    Q_DECLARE_TR_FUNCTIONS(HeadMosaic)

public:
    static constexpr std::size_t MinHeads = 5; // fewer heads are drawn as ordinary heatmaps

    // The figure's panels must share one colour scale (the per-head grid does).
    HeadMosaic(Figure figure, QFont font, std::optional<int> highlightRow);

    // Where the tiles go in a target rectangle (the title above them, the scale to the right).
    struct Grid
    {
        int columns = 1, rows = 0;
        double tileWidth = 0, aspect = 1; // a tile's width, and its height / width
        double cellWidth = 0, cellHeight = 0, gap = 0;
        double caption = 0;   // above each tile (none in a labelled grid)
        double header = 0;    // a labelled grid's column labels, above the first row
        double rowLabels = 0; // a labelled grid's row labels, left of the tiles
        double left = 0, top = 0;
    };

    QSizeF preferredSize() const;
    Grid grid(const QRectF& target) const;
    QFont columnLabelFont(double cellWidth) const;
    void paint(QPainter& painter, const QRectF& target) const;

private:
    void paintScale(QPainter& painter, const QRectF& bar) const;
    double rowLabelWidth() const; // of a labelled grid's row labels, 0 without them
    double titleHeight(const QRectF& target) const;

    Figure m_figure;
    ColorMap m_colors;
    QFont m_font;
    std::optional<int> m_highlightRow;
};

} // namespace ae
