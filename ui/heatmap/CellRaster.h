#pragma once

#include "CellGeometry.h"
#include "HeatmapSpec.h"
#include "Matrix.h"

#include <QImage>
#include <QLineF>
#include <QList>

namespace ae {

class ColorMap;

// The raster path of HeatmapPainter, for matrices too big to draw cell by cell: the cells
// area of a (zoomed, panned) view as one QImage at device resolution, coloured through the
// ColorMap's lookup table. When a cell is smaller than a device pixel, cells are first
// reduced to k x k blocks, each keeping the value of largest magnitude (so a single strong
// weight in a big matrix still shows; a non-finite cell makes its block hidden), and every
// pixel shows its block. Hidden cells are hatched in device pixels, like the vector path's
// hatching of single cells.
class CellRaster
{
public:
    struct Result
    {
        QImage image;     // device pixels of geometry.area(), devicePixelRatio set
        int rowBlock = 1; // cells per block along rows / columns (1: no downsampling)
        int columnBlock = 1;
    };

    static Result render(const Matrix& matrix, const ColorMap& colors, const CellGeometry& geometry,
                         double pixelRatio);
    // The same for a matrix not held (HeatmapSpec::derived): from `reduced` (may be null) when
    // its blocks are fine enough, in blocks of a multiple of its blocks (so the result is still
    // the reduction of the whole matrix), else from the rows in view derived now at the view's
    // blocks. Cells are never drawn one by one: this is always the raster.
    static Result render(const DerivedMatrix& derived, const ReducedMatrix* reduced,
                         const ColorMap& colors, const CellGeometry& geometry, double pixelRatio);

    // Value of largest magnitude in each block of rowBlock x columnBlock cells of `rows`
    // x `columns`, blocks aligned to multiples of the block size. Non-finite values win.
    // Result: one entry per block touched by the ranges.
    static Matrix reduceBlocks(const Matrix& matrix, IndexRange rows, IndexRange columns,
                               int rowBlock, int columnBlock);

    // Whether device pixel (x, y) is on a hatch line ("/" lines, period and width scaled
    // with the pixel ratio).
    static bool onHatchLine(int x, int y, double pixelRatio);
    static double hatchSpacing() { return 6; } // logical pixels between hatch lines
    // The same hatching as vector lines inside `cell`: lines x + y = origin.x + origin.y +
    // k * hatchSpacing(), cut to the cell by hand (SVG output does not keep clip paths).
    // Anchored at `origin` so neighbouring hidden cells form one continuous hatched region.
    static QList<QLineF> hatchLines(const QRectF& cell, QPointF origin);
};

} // namespace ae
