#pragma once

#include "HeatmapSpec.h"

#include <QCoreApplication>
#include <QRectF>

#include <optional>

class QPainter;

namespace ae {

class HeatmapPainter;

// A figure as the deck draws it, with HeatmapPainter in the export style: the chosen query's
// row highlighted in every panel whose rows (or columns) are the query tokens, the panels in
// the figure's columns (the deck tries several and keeps the one that gives the largest cells).
class SlideFigure
{
    Q_DECLARE_TR_FUNCTIONS(SlideFigure)

public:
    static constexpr int FontPixels = 16;
    static constexpr Eigen::Index CompactExtent = 64; // matrices beyond this many rows or columns
    static constexpr int BigWeightsScale = 10;

    // Many panels, or several big ones: without captions and axis titles, and with index
    // labels instead of a thousand token labels, so that small panels keep room for their
    // cells. Attention weights over more than CompactExtent keys are mostly far below 1 (a
    // row of 1024 averages 1/1024) and would look blank on a 0-1 scale: their colours go up
    // to BigWeightsScale times the uniform weight, which the title says, and larger weights
    // take the darkest colour. Figures of three or more panels lose their operation captions
    // (the slide's formula block has them), which would otherwise set the panels' width.
    static Figure compact(Figure figure);

    static HeatmapPainter painter();
    static void paint(QPainter& painter, const Figure& figure, const QRectF& area,
                      std::optional<int> highlightQuery);
    // The smallest cell of the figure's panels painted in `area` (0 x 0 without cells), and
    // whether every panel prints its values.
    static QSizeF smallestCell(const Figure& figure, const QRectF& area,
                               bool* valuesShown = nullptr);
};

} // namespace ae
