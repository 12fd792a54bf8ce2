#include "AxisLabelPainter.h"

#include "MessageText.h"

#include "CellGeometry.h"
#include "ValueText.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTextBoundaryFinder>

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

// The label font at `scale` of its size (HeatmapLayout::labelFit).
QFont scaledLabelFont(QFont font, double scale)
{
    if (scale >= 1)
        return font;
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * scale))));
    return font;
}

} // namespace

bool AxisLabelPainter::stacksUpright(const QString& title)
{
    for (const char32_t c : title.toUcs4()) {
        const auto script = QChar::script(c);
        if (script == QChar::Script_Han || script == QChar::Script_Hiragana ||
            script == QChar::Script_Katakana || script == QChar::Script_Hangul ||
            script == QChar::Script_Bopomofo)
            return true;
    }
    return false;
}

QStringList AxisLabelPainter::uprightLines(const QString& title)
{
    QStringList lines;
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, title);
    for (qsizetype from = 0, to = graphemes.toNextBoundary(); to > from;
         from = to, to = graphemes.toNextBoundary()) {
        const QString grapheme = title.mid(from, to - from);
        if (!grapheme.trimmed().isEmpty())
            lines << grapheme;
    }
    return lines;
}

void AxisLabelPainter::paintUpright(QPainter& painter, const QString& title,
                                    const QRectF& band) const
{
    const QFontMetricsF fm(m_style.font);
    QStringList lines = uprightLines(title);
    const double step =
        fm.height() * 0.95; // ideographs are square: a little tighter than a text line
    const qsizetype fit = qsizetype(band.height() / step);
    if (lines.size() > fit) {
        lines = lines.mid(0, std::max<qsizetype>(fit - 1, 0));
        if (fit > 0)
            lines << QStringLiteral("\u22ee"); // ⋮, the vertical ellipsis
    }
    double y = band.center().y() - step * double(lines.size()) / 2;
    for (const QString& line : lines) {
        painter.drawText(QRectF(band.left() - step, y, band.width() + 2 * step, step),
                         Qt::AlignCenter, line);
        y += step;
    }
}

void AxisLabelPainter::paint(QPainter& painter, const HeatmapSpec& spec,
                             const HeatmapLayout& layout, const CellGeometry& geometry,
                             std::optional<Eigen::Index> highlightRow,
                             std::optional<Eigen::Index> highlightColumn) const
{
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintRowLabels(painter, spec, layout, geometry, highlightRow);
    paintColumnLabels(painter, spec, layout, geometry, highlightColumn);
    paintAxisTitles(painter, spec, layout);
    painter.restore();
}

void AxisLabelPainter::paintRowLabels(QPainter& painter, const HeatmapSpec& spec,
                                      const HeatmapLayout& layout, const CellGeometry& geometry,
                                      std::optional<Eigen::Index> highlight) const
{
    if (layout.rowLabels.isEmpty())
        return;
    const double L = m_metrics.lineHeight;
    const auto [step, scale] =
        HeatmapLayout::labelFit(geometry.cellHeight(), L, HeatmapLayout::namesTokens(spec.rowAxis));
    const IndexRange rows = geometry.visibleRows();
    const QFont regular = scaledLabelFont(m_style.font, scale);
    QFont bold = regular;
    bold.setBold(true);
    for (Eigen::Index r = rows.first - rows.first % step; r < rows.last; r += step) {
        // Centred on the visible part of the row, so a half-scrolled row keeps its label.
        const double y = geometry.rowRect(r).center().y();
        if (r < rows.first || geometry.rowRect(r).isEmpty())
            continue;
        const bool emphasised = highlight && *highlight == r;
        const QFont& font = emphasised ? bold : regular;
        painter.setFont(font);
        painter.setPen(m_style.foreground);
        const QRectF rect(layout.rowLabels.left(), y - L / 2, layout.rowLabels.width(), L);
        painter.drawText(rect, Qt::AlignRight | Qt::AlignVCenter,
                         QFontMetricsF(font).elidedText(elidedLabel(rowLabel(spec, r)),
                                                        Qt::ElideRight, rect.width()));
    }
}

void AxisLabelPainter::paintColumnLabels(QPainter& painter, const HeatmapSpec& spec,
                                         const HeatmapLayout& layout, const CellGeometry& geometry,
                                         std::optional<Eigen::Index> highlight) const
{
    if (layout.columnLabels.isEmpty())
        return;
    const double L = m_metrics.lineHeight, gap = HeatmapLayout::gap(m_metrics);
    const bool rotated = layout.columnLabelsRotated;
    const auto [step, scale] = HeatmapLayout::labelFit(
        geometry.cellWidth(), rotated ? L : m_metrics.columnLabelWidth + gap,
        rotated && HeatmapLayout::namesTokens(spec.columnAxis));
    const IndexRange columns = geometry.visibleColumns();
    const QRectF band = layout.columnLabels;
    const QFont regular = scaledLabelFont(m_style.font, scale);
    QFont bold = regular;
    bold.setBold(true);
    for (Eigen::Index c = columns.first - columns.first % step; c < columns.last; c += step) {
        const double x = geometry.columnRect(c).center().x();
        if (c < columns.first || geometry.columnRect(c).isEmpty())
            continue;
        const QFont& font = highlight && *highlight == c ? bold : regular;
        painter.setFont(font);
        painter.setPen(m_style.foreground);
        const QFontMetricsF fm(font);
        if (rotated) {
            // Read bottom to top, starting next to the cells.
            painter.save();
            painter.translate(x, band.bottom());
            painter.rotate(-90);
            painter.drawText(
                QRectF(0, -L / 2, band.height(), L), Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(elidedLabel(columnLabel(spec, c)), Qt::ElideRight, band.height()));
            painter.restore();
        } else {
            const double width = std::max(geometry.cellWidth(), m_metrics.columnLabelWidth + gap);
            painter.drawText(
                QRectF(x - width / 2, band.top(), width, band.height()),
                Qt::AlignHCenter | Qt::AlignBottom,
                fm.elidedText(elidedLabel(columnLabel(spec, c)), Qt::ElideRight, width));
        }
    }
}

void AxisLabelPainter::paintAxisTitles(QPainter& painter, const HeatmapSpec& spec,
                                       const HeatmapLayout& layout) const
{
    painter.setFont(m_style.font);
    painter.setPen(m_style.muted);
    const QFontMetricsF fm(m_style.font);
    if (!layout.columnAxisTitle.isEmpty())
        painter.drawText(
            layout.columnAxisTitle, Qt::AlignCenter,
            fm.elidedText(spec.columnAxisTitle, Qt::ElideRight, layout.columnAxisTitle.width()));
    if (!layout.rowAxisTitle.isEmpty() && stacksUpright(spec.rowAxisTitle)) {
        paintUpright(painter, spec.rowAxisTitle, layout.rowAxisTitle);
    } else if (!layout.rowAxisTitle.isEmpty()) {
        const QRectF& r = layout.rowAxisTitle;
        painter.save();
        painter.translate(r.center());
        painter.rotate(-90);
        painter.drawText(QRectF(-r.height() / 2, -r.width() / 2, r.height(), r.width()),
                         Qt::AlignCenter,
                         fm.elidedText(spec.rowAxisTitle, Qt::ElideRight, r.height()));
        painter.restore();
    }
}

} // namespace ae
