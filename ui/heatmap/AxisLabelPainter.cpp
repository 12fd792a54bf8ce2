#include "AxisLabelPainter.h"

#include "MessageText.h"

#include "CellGeometry.h"
#include "ValueText.h"

#include <QFontMetricsF>
#include <QPainter>

namespace ae {

void AxisLabelPainter::paint(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
                             const CellGeometry& geometry, std::optional<Eigen::Index> highlightRow,
                             std::optional<Eigen::Index> highlightColumn) const
{
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintRowLabels(painter, spec, layout, geometry, highlightRow);
    paintColumnLabels(painter, spec, layout, geometry, highlightColumn);
    paintAxisTitles(painter, spec, layout);
    painter.restore();
}

void AxisLabelPainter::paintRowLabels(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
                                      const CellGeometry& geometry, std::optional<Eigen::Index> highlight) const
{
    if (layout.rowLabels.isEmpty())
        return;
    const double L = m_metrics.lineHeight;
    const int step = HeatmapLayout::labelStep(geometry.cellHeight(), L);
    const IndexRange rows = geometry.visibleRows();
    QFont bold = m_style.font;
    bold.setBold(true);
    for (Eigen::Index r = rows.first - rows.first % step; r < rows.last; r += step) {
        // Centred on the visible part of the row, so a half-scrolled row keeps its label.
        const double y = geometry.rowRect(r).center().y();
        if (r < rows.first || geometry.rowRect(r).isEmpty())
            continue;
        const bool emphasised = highlight && *highlight == r;
        const QFont& font = emphasised ? bold : m_style.font;
        painter.setFont(font);
        painter.setPen(m_style.foreground);
        const QRectF rect(layout.rowLabels.left(), y - L / 2, layout.rowLabels.width(), L);
        painter.drawText(rect, Qt::AlignRight | Qt::AlignVCenter,
                         QFontMetricsF(font).elidedText(elidedLabel(rowLabel(spec, r)), Qt::ElideRight, rect.width()));
    }
}

void AxisLabelPainter::paintColumnLabels(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout,
                                         const CellGeometry& geometry, std::optional<Eigen::Index> highlight) const
{
    if (layout.columnLabels.isEmpty())
        return;
    const double L = m_metrics.lineHeight, gap = HeatmapLayout::gap(m_metrics);
    const bool rotated = layout.columnLabelsRotated;
    const int step = HeatmapLayout::labelStep(geometry.cellWidth(), rotated ? L : m_metrics.columnLabelWidth + gap);
    const IndexRange columns = geometry.visibleColumns();
    const QRectF band = layout.columnLabels;
    QFont bold = m_style.font;
    bold.setBold(true);
    for (Eigen::Index c = columns.first - columns.first % step; c < columns.last; c += step) {
        const double x = geometry.columnRect(c).center().x();
        if (c < columns.first || geometry.columnRect(c).isEmpty())
            continue;
        const QFont& font = highlight && *highlight == c ? bold : m_style.font;
        painter.setFont(font);
        painter.setPen(m_style.foreground);
        const QFontMetricsF fm(font);
        if (rotated) {
            // Read bottom to top, starting next to the cells.
            painter.save();
            painter.translate(x, band.bottom());
            painter.rotate(-90);
            painter.drawText(QRectF(0, -L / 2, band.height(), L), Qt::AlignLeft | Qt::AlignVCenter,
                             fm.elidedText(elidedLabel(columnLabel(spec, c)), Qt::ElideRight, band.height()));
            painter.restore();
        } else {
            const double width = std::max(geometry.cellWidth(), m_metrics.columnLabelWidth + gap);
            painter.drawText(QRectF(x - width / 2, band.top(), width, band.height()), Qt::AlignHCenter | Qt::AlignBottom,
                             fm.elidedText(elidedLabel(columnLabel(spec, c)), Qt::ElideRight, width));
        }
    }
}

void AxisLabelPainter::paintAxisTitles(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout) const
{
    painter.setFont(m_style.font);
    painter.setPen(m_style.muted);
    const QFontMetricsF fm(m_style.font);
    if (!layout.columnAxisTitle.isEmpty())
        painter.drawText(layout.columnAxisTitle, Qt::AlignCenter,
                         fm.elidedText(spec.columnAxisTitle, Qt::ElideRight, layout.columnAxisTitle.width()));
    if (!layout.rowAxisTitle.isEmpty()) {
        const QRectF& r = layout.rowAxisTitle;
        painter.save();
        painter.translate(r.center());
        painter.rotate(-90);
        painter.drawText(QRectF(-r.height() / 2, -r.width() / 2, r.height(), r.width()), Qt::AlignCenter,
                         fm.elidedText(spec.rowAxisTitle, Qt::ElideRight, r.height()));
        painter.restore();
    }
}

} // namespace ae
