#include "ColorBarPainter.h"

#include "CellRaster.h"
#include "ColorMap.h"
#include "ScaleTicks.h"
#include "ValueText.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>
#include <QVarLengthArray>

#include <cmath>

namespace ae {

namespace {

constexpr int GradientStops = 17;
constexpr int DensestTicks = 11;

} // namespace

int ColorBarPainter::maxTicks(double height, double lineHeight)
{
    if (!(lineHeight > 0))
        return 2;
    return std::clamp(int(height / (lineHeight * 2.2)) + 1, 2, DensestTicks);
}

double ColorBarPainter::widestTickLabel(const QFontMetricsF& fm, const ColorMap& colors)
{
    double widest = 0;
    for (int count = 2; count <= DensestTicks; ++count) {
        const ScaleTicks ticks = ScaleTicks::forRange(colors.low(), colors.high(), count);
        for (const double v : ticks.values)
            widest = std::max(widest, fm.horizontalAdvance(ticks.label(v)));
    }
    return widest;
}

void ColorBarPainter::paint(QPainter& painter, const HeatmapSpec& spec, const ColorMap& colors,
                            const HeatmapLayout& layout) const
{
    if (layout.colorBar.width() <= 0)
        return;
    painter.save();
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.setFont(m_style.font);
    if (colors.scheme() == ColorScheme::Mask)
        paintMaskKey(painter, colors, layout);
    else if (layout.colorBar.height() > 0)
        paintScale(painter, colors, layout);
    if (!layout.hiddenKey.isEmpty())
        paintHiddenKey(painter, spec, layout);
    painter.restore();
}

void ColorBarPainter::frame(QPainter& painter, const QRectF& rect) const
{
    // Outside the filled area, on pixel centres, so the line is crisp at 1x.
    painter.setPen(QPen(m_style.muted, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5));
}

void ColorBarPainter::paintKeyLabel(QPainter& painter, const HeatmapLayout& layout, double y, const QString& text) const
{
    const double L = m_metrics.lineHeight;
    painter.setPen(m_style.foreground);
    const QRectF labels = layout.colorBarLabels;
    painter.drawText(QRectF(labels.left(), y - L / 2, labels.width() + L, L), Qt::AlignLeft | Qt::AlignVCenter, text);
}

void ColorBarPainter::paintScale(QPainter& painter, const ColorMap& colors, const HeatmapLayout& layout) const
{
    const QRectF bar = layout.colorBar;
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int i = 0; i < GradientStops; ++i) {
        const double f = double(i) / (GradientStops - 1);
        gradient.setColorAt(f, QColor::fromRgb(colors.color(float(colors.low() + f * (colors.high() - colors.low())))));
    }
    painter.fillRect(bar, gradient);
    frame(painter, bar);

    const ScaleTicks ticks =
        ScaleTicks::forRange(colors.low(), colors.high(), maxTicks(bar.height(), m_metrics.lineHeight));
    const double tick = HeatmapLayout::tickLength(m_metrics);
    QVarLengthArray<QLineF, DensestTicks + 1> lines;
    for (const double v : ticks.values) {
        const double y = std::round(bar.bottom() - colors.fraction(v) * bar.height()) + 0.5;
        lines.append(QLineF(bar.right() + 0.5, y, bar.right() + 0.5 + tick, y));
        paintKeyLabel(painter, layout, y, ticks.label(v));
    }
    painter.setPen(QPen(m_style.muted, 1));
    painter.drawLines(lines.data(), int(lines.size()));
}

void ColorBarPainter::paintMaskKey(QPainter& painter, const ColorMap& colors, const HeatmapLayout& layout) const
{
    const QRectF bar = layout.colorBar;
    const double side = bar.width(), gap = HeatmapLayout::gap(m_metrics);
    for (int value = 0; value <= 1; ++value) {
        const QRectF swatch(bar.left(), bar.top() + value * (side + gap), side, side);
        painter.fillRect(swatch, QColor::fromRgb(colors.color(float(value))));
        frame(painter, swatch);
        paintKeyLabel(painter, layout, swatch.center().y(), QString::number(value));
    }
}

void ColorBarPainter::paintHiddenKey(QPainter& painter, const HeatmapSpec& spec, const HeatmapLayout& layout) const
{
    const QRectF key = layout.hiddenKey;
    painter.fillRect(key, QColor::fromRgb(ColorMap::hiddenColor()));
    const QList<QLineF> lines = CellRaster::hatchLines(key, key.topLeft());
    painter.setPen(QPen(QColor::fromRgb(ColorMap::hatchColor()), 1));
    painter.drawLines(lines.data(), int(lines.size()));
    frame(painter, key);
    const Matrix& matrix = *spec.matrix;
    QString label;
    for (Eigen::Index i = 0; i < matrix.size() && label.isEmpty(); ++i)
        if (!std::isfinite(matrix.data()[i]))
            label = cellText(matrix.data()[i], spec.decimals);
    paintKeyLabel(painter, layout, key.center().y(), label);
}

} // namespace ae
