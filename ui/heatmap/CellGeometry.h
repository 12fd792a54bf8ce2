#pragma once

#include <QPointF>
#include <QRectF>

#include <Eigen/Core>

#include <optional>

namespace ae {

struct CellIndex
{
    Eigen::Index row = 0, column = 0;
    friend bool operator==(const CellIndex&, const CellIndex&) = default;
};

// Half-open range [first, last) of rows or columns.
struct IndexRange
{
    Eigen::Index first = 0, last = 0;
    Eigen::Index count() const { return last > first ? last - first : 0; }
    bool isEmpty() const { return count() == 0; }
    friend bool operator==(const IndexRange&, const IndexRange&) = default;
};

// Cells <-> pixels for a view that shows an R x C matrix in `area` (logical pixels), zoomed
// by `zoom` >= 1 and panned by `pan`: the content is the area scaled by zoom, and pan is
// the content point shown at the area's top-left corner (clamped so the content always
// covers the area). When a cell is smaller than a device pixel, cells are drawn in blocks
// of k x k cells aligned to multiples of k (so panning does not make blocks shimmer).
class CellGeometry
{
public:
    CellGeometry() = default;
    CellGeometry(Eigen::Index rows, Eigen::Index columns, const QRectF& area, double zoom = 1,
                 QPointF pan = {});

    Eigen::Index rows() const { return m_rows; }
    Eigen::Index columns() const { return m_columns; }
    const QRectF& area() const { return m_area; }
    double zoom() const { return m_zoom; }
    QPointF pan() const { return m_pan; }
    // Largest zoom: one cell of the longer axis fills the area.
    double maxZoom() const;
    double cellWidth() const;
    double cellHeight() const;

    // The cell under a point of the area, none outside the area or for an empty matrix.
    std::optional<CellIndex> cellAt(QPointF point) const;
    // Where a cell is drawn; may lie partly or wholly outside the area when zoomed.
    QRectF cellRect(Eigen::Index row, Eigen::Index column) const;
    QRectF rowRect(Eigen::Index row) const;       // the whole row, clipped to the area
    QRectF columnRect(Eigen::Index column) const; // the whole column, clipped to the area
    IndexRange visibleRows() const;
    IndexRange visibleColumns() const;

    // Source rows / columns a band of the area covers: [top, bottom) in logical y, or
    // device pixel `pixel` at `pixelRatio`. Empty outside the content.
    IndexRange rowsCoveredBy(double top, double bottom) const;
    IndexRange columnsCoveredBy(double left, double right) const;
    IndexRange rowsAtPixel(int pixel, double pixelRatio) const;
    IndexRange columnsAtPixel(int pixel, double pixelRatio) const;
    // Cells per drawn block along rows / columns: 1 when a cell is at least a device pixel.
    int rowBlock(double pixelRatio) const { return blockSize(cellHeight() * pixelRatio); }
    int columnBlock(double pixelRatio) const { return blockSize(cellWidth() * pixelRatio); }
    static int blockSize(double cellExtentInPixels);

    // The same view zoomed by `factor` about `anchor` (the content point under the anchor
    // stays under it), zoom clamped to [1, maxZoom()].
    CellGeometry zoomedAt(QPointF anchor, double factor) const;
    CellGeometry panned(QPointF delta) const;        // content follows the mouse: pan -= delta
    CellGeometry withArea(const QRectF& area) const; // same relative view in a resized area

private:
    QPointF clampedPan(QPointF pan) const;
    static IndexRange covered(double from, double to, double cell, Eigen::Index count);

    Eigen::Index m_rows = 0, m_columns = 0;
    QRectF m_area;
    double m_zoom = 1;
    QPointF m_pan;
};

} // namespace ae
