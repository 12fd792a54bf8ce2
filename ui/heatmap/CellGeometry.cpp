#include "CellGeometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

CellGeometry::CellGeometry(Eigen::Index rows, Eigen::Index columns, const QRectF& area, double zoom,
                           QPointF pan)
    : m_rows(std::max<Eigen::Index>(rows, 0)), m_columns(std::max<Eigen::Index>(columns, 0)),
      m_area(area.normalized())
{
    m_zoom = std::isfinite(zoom) ? std::clamp(zoom, 1.0, maxZoom()) : 1.0;
    m_pan = clampedPan(pan);
}

double CellGeometry::maxZoom() const
{
    return std::max(1.0, double(std::max(m_rows, m_columns)));
}

double CellGeometry::cellWidth() const
{
    return m_columns > 0 ? m_area.width() * m_zoom / double(m_columns) : 0.0;
}

double CellGeometry::cellHeight() const
{
    return m_rows > 0 ? m_area.height() * m_zoom / double(m_rows) : 0.0;
}

std::optional<CellIndex> CellGeometry::cellAt(QPointF point) const
{
    const double w = cellWidth(), h = cellHeight();
    if (!(w > 0) || !(h > 0) || !std::isfinite(point.x()) || !std::isfinite(point.y()))
        return std::nullopt;
    // Half-open area: the right and bottom edges belong to the next widget pixel.
    if (point.x() < m_area.left() || point.x() >= m_area.right() || point.y() < m_area.top() ||
        point.y() >= m_area.bottom())
        return std::nullopt;
    const double x = point.x() - m_area.left() + m_pan.x();
    const double y = point.y() - m_area.top() + m_pan.y();
    const auto column = std::clamp<Eigen::Index>(Eigen::Index(std::floor(x / w)), 0, m_columns - 1);
    const auto row = std::clamp<Eigen::Index>(Eigen::Index(std::floor(y / h)), 0, m_rows - 1);
    return CellIndex{row, column};
}

QRectF CellGeometry::cellRect(Eigen::Index row, Eigen::Index column) const
{
    const double w = cellWidth(), h = cellHeight();
    return {m_area.left() - m_pan.x() + double(column) * w,
            m_area.top() - m_pan.y() + double(row) * h, w, h};
}

QRectF CellGeometry::rowRect(Eigen::Index row) const
{
    const QRectF cell = cellRect(row, 0);
    return QRectF(m_area.left(), cell.top(), m_area.width(), cell.height()).intersected(m_area);
}

QRectF CellGeometry::columnRect(Eigen::Index column) const
{
    const QRectF cell = cellRect(0, column);
    return QRectF(cell.left(), m_area.top(), cell.width(), m_area.height()).intersected(m_area);
}

IndexRange CellGeometry::covered(double from, double to, double cell, Eigen::Index count)
{
    if (!(cell > 0) || count <= 0 || !(to > from))
        return {};
    // A band that ends exactly on a cell edge does not cover the next cell; the tolerance
    // absorbs the rounding of (pixel / ratio) so 1024 cells in 256 pixels give exactly 4.
    const double eps = 1e-9;
    const auto first = Eigen::Index(std::floor(from / cell + eps));
    const auto last = Eigen::Index(std::ceil(to / cell - eps));
    return {std::clamp<Eigen::Index>(first, 0, count), std::clamp<Eigen::Index>(last, 0, count)};
}

IndexRange CellGeometry::rowsCoveredBy(double top, double bottom) const
{
    const double offset = m_pan.y() - m_area.top();
    return covered(top + offset, bottom + offset, cellHeight(), m_rows);
}

IndexRange CellGeometry::columnsCoveredBy(double left, double right) const
{
    const double offset = m_pan.x() - m_area.left();
    return covered(left + offset, right + offset, cellWidth(), m_columns);
}

IndexRange CellGeometry::rowsAtPixel(int pixel, double pixelRatio) const
{
    return rowsCoveredBy(pixel / pixelRatio, (pixel + 1) / pixelRatio);
}

IndexRange CellGeometry::columnsAtPixel(int pixel, double pixelRatio) const
{
    return columnsCoveredBy(pixel / pixelRatio, (pixel + 1) / pixelRatio);
}

IndexRange CellGeometry::visibleRows() const
{
    return rowsCoveredBy(m_area.top(), m_area.bottom());
}

IndexRange CellGeometry::visibleColumns() const
{
    return columnsCoveredBy(m_area.left(), m_area.right());
}

int CellGeometry::blockSize(double cellExtentInPixels)
{
    if (!(cellExtentInPixels > 0) || !std::isfinite(cellExtentInPixels))
        return 1;
    if (cellExtentInPixels >= 1)
        return 1;
    const double k = std::ceil(1.0 / cellExtentInPixels - 1e-9);
    return int(std::min(k, double(std::numeric_limits<int>::max())));
}

CellGeometry CellGeometry::zoomedAt(QPointF anchor, double factor) const
{
    if (!std::isfinite(factor) || !(factor > 0))
        return *this;
    const double zoom = std::clamp(m_zoom * factor, 1.0, maxZoom());
    const QPointF inArea = anchor - m_area.topLeft();
    const QPointF content = (inArea + m_pan) * (zoom / m_zoom);
    return CellGeometry(m_rows, m_columns, m_area, zoom, content - inArea);
}

CellGeometry CellGeometry::panned(QPointF delta) const
{
    return CellGeometry(m_rows, m_columns, m_area, m_zoom, m_pan - delta);
}

CellGeometry CellGeometry::withArea(const QRectF& area) const
{
    const double sx = m_area.width() > 0 ? area.width() / m_area.width() : 1.0;
    const double sy = m_area.height() > 0 ? area.height() / m_area.height() : 1.0;
    return CellGeometry(m_rows, m_columns, area, m_zoom, QPointF(m_pan.x() * sx, m_pan.y() * sy));
}

QPointF CellGeometry::clampedPan(QPointF pan) const
{
    const double maxX = m_area.width() * (m_zoom - 1), maxY = m_area.height() * (m_zoom - 1);
    const double x = std::isfinite(pan.x()) ? std::clamp(pan.x(), 0.0, std::max(0.0, maxX)) : 0.0;
    const double y = std::isfinite(pan.y()) ? std::clamp(pan.y(), 0.0, std::max(0.0, maxY)) : 0.0;
    return {x, y};
}

} // namespace ae
