#include "CellValuePainter.h"

#include "CellGeometry.h"
#include "ColorMap.h"
#include "MatrixStats.h"
#include "ValueText.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace ae {

namespace {

// The label: the cell's own colour, LabelTint of the way to white (every channel then stays
// above the middle grey, dark text reads on it; the cell stays recognisably its colour).
constexpr double LabelTint = 0.8;

QRgb labelColorOn(QRgb cell)
{
    auto tint = [](int channel) { return int(std::lround(channel + (255 - channel) * LabelTint)); };
    return qRgb(tint(qRed(cell)), tint(qGreen(cell)), tint(qBlue(cell)));
}

bool isLight(QRgb text)
{
    return qGray(text) > 128;
}

} // namespace

CellValuePainter::CellValuePainter(const HeatmapStyle& style, const ColorMap& colors,
                                   const CellGeometry& geometry)
    : m_style(style), m_colors(colors), m_geometry(geometry)
{
}

QRectF CellValuePainter::labelRect(const QRectF& cell, const QSizeF& text,
                                   const HeatmapStyle& style)
{
    const double pad = std::max(2.0, std::round(text.height() * 0.2));
    const double width = std::min(
        cell.width(), std::max(cell.width() * style.valueLabel.width(), text.width() + 2 * pad));
    const double height = std::min(
        cell.height(), std::max(cell.height() * style.valueLabel.height(), text.height() + pad));
    return QRectF(cell.center().x() - width / 2, cell.center().y() - height / 2, width, height);
}

void CellValuePainter::paint(QPainter& painter, const HeatmapSpec& spec, const CellRect& cellRect,
                             double gridLine) const
{
    if (!spec.matrix)
        return;
    const Matrix& matrix = *spec.matrix;
    const IndexRange rows = m_geometry.visibleRows(), columns = m_geometry.visibleColumns();
    const QRectF area = m_geometry.area();
    const QFont font =
        m_style.valueFont(m_geometry.cellWidth() - gridLine, m_geometry.cellHeight() - gridLine,
                          widestCellText(MatrixStats::of(matrix).maxAbs, spec.decimals));
    painter.save();
    painter.setFont(font);
    const QFontMetricsF fm(font);
    const bool labels = !m_style.valueLabel.isEmpty();
    for (Eigen::Index r = rows.first; r < rows.last; ++r) {
        for (Eigen::Index c = columns.first; c < columns.last; ++c) {
            const float value = matrix(r, c);
            const QString text = cellText(value, spec.decimals);
            // Centred in the visible part of the cell, and only if it fits there: a zoomed
            // view never shows half a number.
            const QRectF rect = cellRect(r, c).intersected(area);
            const double textWidth = fm.horizontalAdvance(text);
            if (textWidth + 4 > rect.width() || fm.height() > rect.height())
                continue;
            const QRgb cell = m_colors.color(value, r);
            QRgb pen = ColorMap::textColorOn(cell);
            if (!std::isfinite(value)) {
                // A plain patch under the text so hatch lines do not cross it (a path, not a
                // rectangle, in SVG: only cells are <rect>s).
                const QRectF patch =
                    fm.boundingRect(rect, Qt::AlignCenter, text).adjusted(-3, 0, 3, 0);
                painter.setPen(Qt::NoPen);
                painter.setBrush(QColor::fromRgb(ColorMap::hiddenColor()));
                painter.drawRoundedRect(patch, 3, 3);
            } else if (labels && isLight(pen)) {
                const QRectF label = labelRect(rect, {textWidth, fm.height()}, m_style);
                const double radius =
                    label.width() >= rect.width() ? 0.0 : std::round(label.height() * 0.15);
                painter.setPen(Qt::NoPen);
                const QRgb background = labelColorOn(cell);
                painter.setBrush(QColor::fromRgb(background));
                painter.drawRoundedRect(label, radius, radius);
                pen = ColorMap::textColorOn(background);
            }
            painter.setPen(QColor::fromRgb(pen));
            painter.drawText(rect, Qt::AlignCenter, text);
        }
    }
    painter.restore();
}

} // namespace ae
