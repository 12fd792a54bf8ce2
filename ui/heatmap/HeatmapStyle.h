#pragma once

#include <QColor>
#include <QFont>

class QPalette;

namespace ae {

// Fonts and the colours around the cells (cells carry their own colours, see ColorMap).
// Exports use forExport(): black on white, whatever the desktop's palette; the widget uses
// forPalette() so titles and labels follow a dark theme.
struct HeatmapStyle
{
    QFont font;                           // labels, axis titles, cell values, ticks
    QColor foreground = QColor(0x1a, 0x1a, 0x1a);
    QColor muted = QColor(0x5c, 0x5c, 0x5c); // caption, note, frames, ticks
    QColor background = Qt::white;        // invalid: nothing is filled (transparent)
    // Resolution of the raster path (matrices too big to draw cell by cell). 0: the paint
    // device's pixel ratio. Vector outputs set rasterCellPixels instead: every cell becomes
    // exactly that many image pixels (up to MaxRasterSide), so a PDF's JPEG compression and
    // viewers' smoothing stay inside cells instead of smearing neighbours together.
    double rasterPixelRatio = 0;
    int rasterCellPixels = 0;
    static constexpr int MaxRasterSide = 4096;

    QFont titleFont() const;  // bold, 1.2 x the label font
    QFont figureTitleFont() const; // bold, 1.35 x
    static HeatmapStyle forExport(int pixelSize = 14);
    static HeatmapStyle forPalette(const QPalette& palette, const QFont& font);
};

} // namespace ae
