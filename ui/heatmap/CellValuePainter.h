#pragma once

#include "HeatmapSpec.h"
#include "HeatmapStyle.h"

#include <QRectF>

#include <functional>

class QPainter;

namespace ae {

class CellGeometry;
class ColorMap;

// The values printed in the cells of a heatmap drawn cell by cell (HeatmapPainter).
//
// Normally in the label font, white or near-black by the cell's luminance. With a presentation
// style (HeatmapStyle::valueShare) in a bold font as large as the cell allows, and on dark cells
// the value sits on a light label (valueLabel): dark text on light is what a camera, an OCR and
// a washed-out projector read; white glyphs inside a large dark block are read by none of them
// reliably (tesseract takes the block for a picture, or the whole cell for one character).
class CellValuePainter
{
public:
    // A cell's rectangle as drawn (inside the grid lines).
    using CellRect = std::function<QRectF(Eigen::Index row, Eigen::Index column)>;

    CellValuePainter(const HeatmapStyle& style, const ColorMap& colors,
                     const CellGeometry& geometry);

    void paint(QPainter& painter, const HeatmapSpec& spec, const CellRect& cellRect,
               double gridLine) const;
    // The light label behind a value on a dark cell: valueLabel of the cell's width and
    // height, centred, and at least the text's size plus a margin.
    static QRectF labelRect(const QRectF& cell, const QSizeF& text, const HeatmapStyle& style);

private:
    const HeatmapStyle& m_style;
    const ColorMap& m_colors;
    const CellGeometry& m_geometry;
};

} // namespace ae
