#pragma once

#include "ColorMap.h"

#include <QColor>
#include <QFont>
#include <QSizeF>

class QPalette;

namespace ae {

// Fonts and the colours around the cells (cells carry their own colours, see ColorMap).
// Exports use forExport(): black on white, whatever the desktop's palette; the widget uses
// forPalette() so titles and labels follow a dark theme, and a high-contrast palette (pure
// black on pure white, as presentation mode sets) gets high-contrast cells and a thick grid.
struct HeatmapStyle
{
    QFont font; // labels, axis titles, cell values, ticks
    QColor foreground = QColor(0x1a, 0x1a, 0x1a);
    QColor muted = QColor(0x5c, 0x5c, 0x5c); // caption, note, frames, ticks
    QColor background = Qt::white;           // invalid: nothing is filled (transparent)
    CellPalette cells = CellPalette::Standard;
    QColor grid = QColor(0xd9, 0xd9, 0xd9); // lines between cells big enough to spare them
    int gridWidth = 1;                      // pixels
    // Grid lines this share of the cell's side (at least gridWidth): 0 for a fixed grid.
    double gridShare = 0;
    // Cell values in a bold font as large as valueShare of the cell's width allows (up to
    // valueMaxShare of its height), instead of the label font: 0 keeps the label font.
    double valueShare = 0;
    double valueMaxShare = 0;
    // With valueShare: where the label font's size does not fit a cell, values may be this
    // share of it (cells of several panels side by side then still print theirs).
    double valueMinScale = 1;
    // Values on dark cells sit on a light label this share of the cell's width and height
    // (CellValuePainter): empty, white text on the dark cell instead.
    QSizeF valueLabel;
    // Resolution of the raster path (matrices too big to draw cell by cell). 0: the paint
    // device's pixel ratio. Vector outputs set rasterCellPixels instead: every cell becomes
    // exactly that many image pixels (up to MaxRasterSide), so a PDF's JPEG compression and
    // viewers' smoothing stay inside cells instead of smearing neighbours together.
    double rasterPixelRatio = 0;
    int rasterCellPixels = 0;
    static constexpr int MaxRasterSide = 4096;

    QFont titleFont() const;       // bold, 1.2 x the label font
    QFont figureTitleFont() const; // bold, 1.35 x
    // The font of the values in cells of this size showing `widest` at most (the label font
    // unless valueShare is set) and the grid line width.
    QFont valueFont(double cellWidth, double cellHeight, const QString& widest) const;
    // The smallest font valueFont() gives (what decides whether values are printed at all).
    QFont smallestValueFont() const;
    int gridLine(double cellWidth, double cellHeight) const;
    static HeatmapStyle forExport(int pixelSize = 14);
    static HeatmapStyle forPalette(const QPalette& palette, const QFont& font);
    // Presentation: high-contrast cells, a grid of lines 3 px wide in the background colour.
    static HeatmapStyle forPresentation(const QPalette& palette, const QFont& font);
    // Window text and window differ by a contrast ratio of at least 20:1 (black on white is
    // 21:1; the usual light themes, grey on near-white, stay below 19).
    static bool isHighContrast(const QPalette& palette);
};

} // namespace ae
