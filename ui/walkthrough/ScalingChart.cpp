#include "ScalingChart.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

QFont scaledFont(const QFont& font, double factor)
{
    QFont f = font;
    if (f.pixelSize() > 0)
        f.setPixelSize(std::max(1, int(std::round(f.pixelSize() * factor))));
    else
        f.setPointSizeF(f.pointSizeF() * factor);
    return f;
}

} // namespace

ScalingChart::ScalingChart(const ScalingDemo& demo, ScalingChartColors colors)
    : m_demo(demo), m_colors(colors)
{
}

const ScalingDemo& ScalingChart::sharedDemo()
{
    static const ScalingDemo demo = runScalingDemo();
    return demo;
}

QSizeF ScalingChart::preferredSize(const QFont& font) const
{
    const QFontMetricsF fm(font);
    const double line = fm.height();
    const double groups = std::max<double>(1, double(m_demo.rows.size()));
    const double axis = fm.horizontalAdvance(QStringLiteral("std ω/√d_k")) + line;
    const double group = fm.horizontalAdvance(QStringLiteral("d_k = 2048")) * 1.25;
    return {std::max(axis + group * groups, 30 * line), 15 * line};
}

void ScalingChart::paintLegend(QPainter& painter, const QRectF& band, const QFont& font) const
{
    const QFontMetricsF fm(font);
    const double box = fm.height() * 0.7;
    const QString entries[] = {tr("softmax(ω): without scaling"), tr("softmax(ω / √d_k): scaled")};
    const QColor colors[] = {m_colors.unscaled, m_colors.scaled};
    double width = 0;
    for (const QString& e : entries)
        width += box * 1.5 + fm.horizontalAdvance(e) + box * 2;
    double x = band.center().x() - width / 2;
    painter.setFont(font);
    for (int i = 0; i < 2; ++i) {
        painter.fillRect(QRectF(x, band.center().y() - box / 2, box, box), colors[i]);
        x += box * 1.5;
        painter.setPen(m_colors.foreground);
        const double w = fm.horizontalAdvance(entries[i]);
        painter.drawText(QRectF(x, band.top(), w + 1, band.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, entries[i]);
        x += w + box * 2;
    }
}

void ScalingChart::paint(QPainter& painter, const QRectF& target, const QFont& font) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const QFont small = scaledFont(font, 0.85);
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF metrics(font), smallMetrics(small);
    const double line = metrics.height();
    const double smallLine = smallMetrics.height();
    const QRectF area = target.adjusted(line * 0.5, line * 0.25, -line * 0.5, -line * 0.25);

    // Title, the draws in one muted line, the legend.
    double y = area.top();
    painter.setFont(bold);
    painter.setPen(m_colors.foreground);
    painter.drawText(QRectF(area.left(), y, area.width(), line), Qt::AlignCenter,
                     QFontMetricsF(bold).elidedText(tr("Largest softmax weight of a row"),
                                                    Qt::ElideRight, area.width()));
    y += line;
    painter.setFont(small);
    painter.setPen(m_colors.muted);
    const QString draws = tr("q, k with normal_(0, 1) entries; mean over %1 rows of %2 keys")
                              .arg(m_demo.options.sentences * m_demo.options.tokens)
                              .arg(m_demo.options.tokens);
    painter.drawText(QRectF(area.left(), y, area.width(), smallLine), Qt::AlignCenter,
                     smallMetrics.elidedText(draws, Qt::ElideRight, area.width()));
    y += smallLine * 1.2;
    paintLegend(painter, QRectF(area.left(), y, area.width(), line * 1.2), small);
    y += line * 1.6;

    // The plot (0 to 1), then three rows of labels under it: d_k and both deviations, their
    // names in the axis column.
    const double axisWidth =
        smallMetrics.horizontalAdvance(QStringLiteral("std ω/√d_k")) + line * 0.6;
    const double labels = line + 2 * smallLine + line * 0.4;
    const QRectF plot(area.left() + axisWidth, y + smallLine, area.width() - axisWidth,
                      area.bottom() - y - smallLine - labels);
    if (plot.height() <= line || m_demo.rows.empty()) {
        painter.restore();
        return;
    }
    painter.setFont(small);
    for (const double tick : {0.0, 0.25, 0.5, 0.75, 1.0}) {
        const double ty = plot.bottom() - tick * plot.height();
        painter.setPen(QPen(tick == 0.0 ? m_colors.foreground : QColor(0xd9, 0xd9, 0xd9), 1));
        painter.drawLine(QPointF(plot.left(), ty), QPointF(plot.right(), ty));
        painter.setPen(m_colors.muted);
        painter.drawText(QRectF(area.left(), ty - smallLine / 2, axisWidth - line * 0.3, smallLine),
                         Qt::AlignRight | Qt::AlignVCenter, QString::number(tick, 'f', 2));
    }
    const double labelsTop = plot.bottom() + line * 0.4;
    const QRectF rowNames[] = {
        QRectF(area.left(), labelsTop, axisWidth - line * 0.3, line),
        QRectF(area.left(), labelsTop + line, axisWidth - line * 0.3, smallLine),
        QRectF(area.left(), labelsTop + line + smallLine, axisWidth - line * 0.3, smallLine)};
    painter.setFont(bold);
    painter.setPen(m_colors.foreground);
    painter.drawText(rowNames[0], Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("d_k"));
    painter.setFont(small);
    painter.setPen(m_colors.muted);
    painter.drawText(rowNames[1], Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("std ω"));
    painter.drawText(rowNames[2], Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("std ω/√d_k"));

    const double groupWidth = plot.width() / double(m_demo.rows.size());
    const double barWidth = groupWidth * 0.32;
    for (std::size_t g = 0; g < m_demo.rows.size(); ++g) {
        const ScalingDemoRow& r = m_demo.rows[g];
        const double centre = plot.left() + (double(g) + 0.5) * groupWidth;
        const std::pair<double, QColor> bars[] = {{r.maxWeight, m_colors.unscaled},
                                                  {r.scaledMaxWeight, m_colors.scaled}};
        painter.setFont(small);
        for (int b = 0; b < 2; ++b) {
            const double value = std::clamp(bars[b].first, 0.0, 1.0);
            const double left = centre - barWidth * 1.05 + b * barWidth * 1.1;
            const QRectF bar(left, plot.bottom() - value * plot.height(), barWidth,
                             value * plot.height());
            painter.fillRect(bar, bars[b].second);
            painter.setPen(m_colors.foreground);
            painter.drawText(
                QRectF(left - barWidth, bar.top() - smallLine, barWidth * 3, smallLine),
                Qt::AlignHCenter | Qt::AlignBottom, QString::number(bars[b].first, 'f', 2));
        }
        const double left = centre - groupWidth / 2;
        painter.setFont(bold);
        painter.setPen(m_colors.foreground);
        painter.drawText(QRectF(left, rowNames[0].top(), groupWidth, line), Qt::AlignCenter,
                         QString::number(r.headDim));
        painter.setFont(small);
        painter.setPen(m_colors.muted);
        painter.drawText(QRectF(left, rowNames[1].top(), groupWidth, smallLine), Qt::AlignCenter,
                         QString::number(r.scoreStd, 'f', 2));
        painter.drawText(QRectF(left, rowNames[2].top(), groupWidth, smallLine), Qt::AlignCenter,
                         QString::number(r.scaledScoreStd, 'f', 2));
    }
    painter.restore();
}

} // namespace ae
