#include "CellRaster.h"

#include "ColorMap.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ae {

namespace {

// Block index (relative to the first block) shown by each device pixel along one axis.
// Pixels are clamped into `visible` because the image's whole-pixel size may exceed the area
// by half a pixel.
std::vector<Eigen::Index> blockOfPixel(int pixels, double pixelRatio, double pan, double cell,
                                       IndexRange visible, int block)
{
    std::vector<Eigen::Index> map(std::size_t(std::max(pixels, 0)));
    for (int p = 0; p < pixels; ++p) {
        const double content = (p + 0.5) / pixelRatio + pan;
        const auto index = std::clamp<Eigen::Index>(Eigen::Index(std::floor(content / cell)),
                                                    visible.first, visible.last - 1);
        map[std::size_t(p)] = index / block - visible.first / block;
    }
    return map;
}

} // namespace

Matrix CellRaster::reduceBlocks(const Matrix& matrix, IndexRange rows, IndexRange columns,
                                int rowBlock, int columnBlock)
{
    rowBlock = std::max(rowBlock, 1);
    columnBlock = std::max(columnBlock, 1);
    rows.last = std::min(rows.last, matrix.rows());
    columns.last = std::min(columns.last, matrix.cols());
    if (rows.isEmpty() || columns.isEmpty())
        return {};
    const Eigen::Index firstRowBlock = rows.first / rowBlock,
                       firstColumnBlock = columns.first / columnBlock;
    const Eigen::Index blockRows = (rows.last - 1) / rowBlock - firstRowBlock + 1;
    const Eigen::Index blockColumns = (columns.last - 1) / columnBlock - firstColumnBlock + 1;
    // Starting from 0 loses nothing: a block of zeros is 0 (white) either way.
    Matrix blocks = Matrix::Zero(blockRows, blockColumns);
    // Whole blocks, even where the ranges cut them, so a block's colour does not change
    // while panning.
    const Eigen::Index r0 = firstRowBlock * rowBlock,
                       r1 = std::min(matrix.rows(), (firstRowBlock + blockRows) * rowBlock);
    const Eigen::Index c0 = firstColumnBlock * columnBlock,
                       c1 =
                           std::min(matrix.cols(), (firstColumnBlock + blockColumns) * columnBlock);
    const auto region = matrix.block(r0, c0, r1 - r0, c1 - c0);
    // All finite iff the (vectorised) sum is finite, unless it overflows: then the exact loop.
    if (std::isfinite(region.sum())) {
        // The usual case, vectorised (a 1024 x 1024 matrix in about a millisecond): per strip
        // of rowBlock rows, the element-wise max and min of its rows, then per block of
        // columns the value of largest magnitude (the max on a tie).
        Eigen::ArrayXf highs(c1 - c0), lows(c1 - c0);
        for (Eigen::Index r = r0, out = 0; r < r1; r += rowBlock, ++out) {
            highs = region.row(r - r0).array().transpose();
            lows = highs;
            for (Eigen::Index k = r + 1; k < std::min(r + rowBlock, r1); ++k) {
                const auto row = region.row(k - r0).array().transpose();
                highs = highs.max(row);
                lows = lows.min(row);
            }
            for (Eigen::Index b = 0; b < blockColumns; ++b) {
                const Eigen::Index from = b * columnBlock,
                                   count = std::min<Eigen::Index>(columnBlock, (c1 - c0) - from);
                const float high = highs.segment(from, count).maxCoeff();
                const float low = lows.segment(from, count).minCoeff();
                blocks(out, b) = std::abs(low) > std::abs(high) ? low : high;
            }
        }
        return blocks;
    }
    for (Eigen::Index r = r0; r < r1; ++r) {
        float* out = blocks.data() + (r / rowBlock - firstRowBlock) * blockColumns;
        const float* row = matrix.data() + r * matrix.cols();
        for (Eigen::Index b = 0; b < blockColumns; ++b) {
            const Eigen::Index from = c0 + b * columnBlock, to = std::min(c1, from + columnBlock);
            float best = out[b];
            for (Eigen::Index c = from; c < to; ++c) {
                const float v = row[c];
                if (std::isfinite(best) && (!std::isfinite(v) || std::abs(v) > std::abs(best)))
                    best = v;
            }
            out[b] = best;
        }
    }
    return blocks;
}

bool CellRaster::onHatchLine(int x, int y, double pixelRatio)
{
    const int period = std::max(4, int(std::lround(hatchSpacing() * pixelRatio)));
    const int width = std::max(1, int(std::lround(pixelRatio)));
    return (x + y) % period < width;
}

QList<QLineF> CellRaster::hatchLines(const QRectF& cell, QPointF origin)
{
    const double spacing = hatchSpacing();
    const double base = origin.x() + origin.y();
    const double from = cell.left() + cell.top(), to = cell.right() + cell.bottom();
    QList<QLineF> lines;
    for (double k = std::ceil((from - base) / spacing); base + k * spacing < to; k += 1) {
        const double t = base + k * spacing;
        if (t - from < 0.5 || to - t < 0.5) // a corner sliver, not worth a line
            continue;
        const double x0 = std::max(cell.left(), t - cell.bottom()),
                     x1 = std::min(cell.right(), t - cell.top());
        lines.append(QLineF(x0, t - x0, x1, t - x1));
    }
    return lines;
}

namespace {

bool perRowScale(const ColorMap& colors)
{
    return colors.scheme() == ColorScheme::Sequential && colors.scale().mode == ScaleMode::PerRow;
}

// Paints the cells area from blocks already reduced: `blocks` (0, 0) is the block of cells
// (rows.first / rowBlock * rowBlock, columns.first / columnBlock * columnBlock); with
// `fractions` its values are per-row fractions of the colour bar.
CellRaster::Result paintBlocks(const Matrix& blocks, int rowBlock, int columnBlock, bool fractions,
                               const ColorMap& colors, const CellGeometry& geometry,
                               double pixelRatio, int width, int height)
{
    CellRaster::Result result;
    result.rowBlock = rowBlock;
    result.columnBlock = columnBlock;
    // Each block's colour once; 0 (transparent, never a colour of the opaque tables) marks
    // a hidden block.
    constexpr QRgb Hidden = 0;
    std::vector<QRgb> blockColors(std::size_t(blocks.size()));
    for (Eigen::Index i = 0; i < blocks.size(); ++i) {
        const float value = blocks.data()[i];
        if (fractions)
            blockColors[std::size_t(i)] =
                std::isfinite(value) ? colors.colorAtFraction(value) : Hidden;
        else if (const int index = colors.index(value); index != ColorMap::NoIndex)
            blockColors[std::size_t(i)] = colors.colorAt(index);
        else
            blockColors[std::size_t(i)] = Hidden;
    }
    const IndexRange rows = geometry.visibleRows(), columns = geometry.visibleColumns();
    const auto rowMap =
        blockOfPixel(height, pixelRatio, geometry.pan().y(), geometry.cellHeight(), rows, rowBlock);
    const auto columnMap = blockOfPixel(width, pixelRatio, geometry.pan().x(), geometry.cellWidth(),
                                        columns, columnBlock);
    result.image = QImage(width, height, QImage::Format_RGB32);
    if (result.image.isNull() || blocks.size() == 0)
        return result;
    const QRgb hidden = ColorMap::hiddenColor(), hatch = ColorMap::hatchColor();
    const Eigen::Index lastRow = blocks.rows() - 1, lastColumn = blocks.cols() - 1;
    for (int y = 0; y < height; ++y) {
        auto* line = reinterpret_cast<QRgb*>(result.image.scanLine(y));
        const QRgb* blockRow =
            blockColors.data() + std::min(rowMap[std::size_t(y)], lastRow) * blocks.cols();
        for (int x = 0; x < width; ++x) {
            const QRgb c = blockRow[std::min(columnMap[std::size_t(x)], lastColumn)];
            line[x] =
                c != Hidden ? c : (CellRaster::onHatchLine(x, y, pixelRatio) ? hatch : hidden);
        }
    }
    result.image.setDevicePixelRatio(pixelRatio);
    return result;
}

int roundUpTo(int value, int multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

} // namespace

CellRaster::Result CellRaster::render(const Matrix& matrix, const ColorMap& colors,
                                      const CellGeometry& geometry, double pixelRatio)
{
    if (!(pixelRatio > 0))
        pixelRatio = 1;
    const QRectF area = geometry.area();
    const int width = int(std::lround(area.width() * pixelRatio));
    const int height = int(std::lround(area.height() * pixelRatio));
    const IndexRange rows = geometry.visibleRows(), columns = geometry.visibleColumns();
    if (width <= 0 || height <= 0 || rows.isEmpty() || columns.isEmpty() ||
        matrix.rows() != geometry.rows() || matrix.cols() != geometry.columns())
        return {};
    const int rowBlock = geometry.rowBlock(pixelRatio);
    const int columnBlock = geometry.columnBlock(pixelRatio);
    // A per-row scale colours each value by its row's maximum: the blocks are reduced from
    // those fractions (a block then shows its strongest cell relative to its own row).
    const bool perRow = perRowScale(colors);
    Matrix fractions;
    if (perRow) {
        fractions = matrix;
        for (Eigen::Index r = 0; r < fractions.rows(); ++r)
            for (Eigen::Index c = 0; c < fractions.cols(); ++c)
                if (std::isfinite(fractions(r, c)))
                    fractions(r, c) = float(colors.scale().fraction(fractions(r, c), r));
    }
    const Matrix blocks =
        reduceBlocks(perRow ? fractions : matrix, rows, columns, rowBlock, columnBlock);
    return paintBlocks(blocks, rowBlock, columnBlock, perRow, colors, geometry, pixelRatio, width,
                       height);
}

CellRaster::Result CellRaster::render(const DerivedMatrix& derived, const ReducedMatrix* reduced,
                                      const ColorMap& colors, const CellGeometry& geometry,
                                      double pixelRatio)
{
    if (!(pixelRatio > 0))
        pixelRatio = 1;
    const QRectF area = geometry.area();
    const int width = int(std::lround(area.width() * pixelRatio));
    const int height = int(std::lround(area.height() * pixelRatio));
    const IndexRange rows = geometry.visibleRows(), columns = geometry.visibleColumns();
    if (width <= 0 || height <= 0 || rows.isEmpty() || columns.isEmpty() ||
        derived.rows != geometry.rows() || derived.columns != geometry.columns())
        return {};
    int rowBlock = geometry.rowBlock(pixelRatio);
    int columnBlock = geometry.columnBlock(pixelRatio);
    const bool perRow = perRowScale(colors);
    const bool usable = reduced && reduced->firstRow == 0 && reduced->rowBlock <= rowBlock &&
                        reduced->columnBlock <= columnBlock &&
                        (!perRow || reduced->fractions.size() > 0);
    if (usable) {
        // Whole blocks of the reduced ones: the reduction of the reduction is the reduction.
        rowBlock = roundUpTo(rowBlock, reduced->rowBlock);
        columnBlock = roundUpTo(columnBlock, reduced->columnBlock);
        const Matrix& from = perRow ? reduced->fractions : reduced->values;
        const IndexRange baseRows{rows.first / reduced->rowBlock,
                                  (rows.last + reduced->rowBlock - 1) / reduced->rowBlock};
        const IndexRange baseColumns{columns.first / reduced->columnBlock,
                                     (columns.last + reduced->columnBlock - 1) /
                                         reduced->columnBlock};
        const Matrix blocks =
            reduceBlocks(from, baseRows, baseColumns, rowBlock / reduced->rowBlock,
                         columnBlock / reduced->columnBlock);
        return paintBlocks(blocks, rowBlock, columnBlock, perRow, colors, geometry, pixelRatio,
                           width, height);
    }
    if (!derived.reduce)
        return {};
    // Zoomed in beyond the reduced blocks: the rows in view, derived now at the view's blocks.
    // Whole blocks, even where the view cuts them, so a block's colour does not change while
    // panning.
    const Eigen::Index first = rows.first / rowBlock * rowBlock;
    const Eigen::Index last =
        std::min(derived.rows, (rows.last + rowBlock - 1) / rowBlock * Eigen::Index(rowBlock));
    const ReducedMatrix now = derived.reduce(first, last, rowBlock, columnBlock, perRow);
    const Matrix& all = perRow ? now.fractions : now.values;
    const Eigen::Index firstColumnBlock = columns.first / columnBlock;
    const Eigen::Index columnBlocks = (columns.last - 1) / columnBlock - firstColumnBlock + 1;
    if (all.rows() == 0 || firstColumnBlock + columnBlocks > all.cols())
        return {};
    return paintBlocks(all.middleCols(firstColumnBlock, columnBlocks), rowBlock, columnBlock,
                       perRow, colors, geometry, pixelRatio, width, height);
}

} // namespace ae
