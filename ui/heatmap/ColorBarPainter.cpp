#include "ColorBarPainter.h"

#include "CellRaster.h"
#include "ColorMap.h"
#include "ScaleTicks.h"
#include "ValueText.h"

#include <QFontMetricsF>
#include <QHash>
#include <QLinearGradient>
#include <QPainter>
#include <QVarLengthArray>

#include <cmath>
#include <optional>

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

std::vector<std::pair<double, QString>> ColorBarPainter::ticks(const ColorMap& colors, int maxCount)
{
    std::vector<std::pair<double, QString>> result;
    const ColorScale& scale = colors.scale();
    if (colors.scheme() == ColorScheme::Sequential && scale.mode == ScaleMode::Logarithmic) {
        const int first = int(std::ceil(std::log10(scale.low) - 1e-9)),
                  last = int(std::floor(std::log10(scale.high) + 1e-9));
        const int step = std::max(1, (last - first + maxCount) / std::max(maxCount, 1));
        for (int k = last; k >= first; k -= step) {
            const double v = std::pow(10.0, k);
            result.insert(result.begin(), {v, QString::number(v, 'g', 3)});
        }
        return result;
    }
    const ScaleTicks ticks = ScaleTicks::forRange(colors.low(), colors.high(), maxCount);
    const bool perRow =
        colors.scheme() == ColorScheme::Sequential && scale.mode == ScaleMode::PerRow;
    // A per-row bar's 0.3 would read as a weight of 0.3: its ticks are shares of a row's max.
    for (const double v : ticks.values)
        result.emplace_back(v, perRow ? tr("%1%").arg(std::lround(v * 100)) : ticks.label(v));
    return result;
}

QString ColorBarPainter::scaleCaption(const ColorMap& colors)
{
    if (colors.scheme() != ColorScheme::Sequential)
        return {};
    switch (colors.scale().mode) {
    case ScaleMode::PerRow:
        return tr("per row");
    case ScaleMode::Automatic:
        return tr("0 to max");
    case ScaleMode::Fixed:
        return tr("fixed");
    case ScaleMode::Logarithmic:
        return tr("log");
    }
    return {};
}

double ColorBarPainter::widestTickLabel(const QFont& font, const ColorMap& colors)
{
    // The same labels come back panel after panel ("0%" … "100%" in every per-row bar): each
    // is shaped once per font and thread. Measuring the 60 labels of ten tick counts took
    // 4 ms of the GUI thread for the generate page's 30 panels, at every token.
    thread_local QString measuredFont;
    thread_local QHash<QString, double> widths;
    if (const QString key = font.key(); key != measuredFont || widths.size() > 4096) {
        widths.clear();
        measuredFont = key;
    }
    std::optional<QFontMetricsF> fm;
    double widest = 0;
    for (int count = 2; count <= DensestTicks; ++count)
        for (const auto& [value, label] : ticks(colors, count)) {
            auto width = widths.constFind(label);
            if (width == widths.cend()) {
                if (!fm)
                    fm.emplace(font);
                width = widths.insert(label, fm->horizontalAdvance(label));
            }
            widest = std::max(widest, *width);
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
    if (!layout.scaleCaption.isEmpty())
        paintCaption(painter, colors, layout);
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

void ColorBarPainter::paintCaption(QPainter& painter, const ColorMap& colors,
                                   const HeatmapLayout& layout) const
{
    painter.setPen(m_style.muted);
    const QRectF rect = layout.scaleCaption;
    painter.drawText(rect, Qt::AlignLeft | Qt::AlignBottom,
                     painter.fontMetrics().elidedText(scaleCaption(colors), Qt::ElideRight,
                                                      int(std::ceil(rect.width()))));
}

void ColorBarPainter::paintKeyLabel(QPainter& painter, const HeatmapLayout& layout, double y,
                                    const QString& text) const
{
    const double L = m_metrics.lineHeight;
    painter.setPen(m_style.foreground);
    const QRectF labels = layout.colorBarLabels;
    painter.drawText(QRectF(labels.left(), y - L / 2, labels.width() + L, L),
                     Qt::AlignLeft | Qt::AlignVCenter, text);
}

void ColorBarPainter::paintScale(QPainter& painter, const ColorMap& colors,
                                 const HeatmapLayout& layout) const
{
    const QRectF bar = layout.colorBar;
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int i = 0; i < GradientStops; ++i) {
        const double f = double(i) / (GradientStops - 1);
        gradient.setColorAt(f, QColor::fromRgb(colors.colorAtFraction(f)));
    }
    painter.fillRect(bar, gradient);
    frame(painter, bar);

    const double tick = HeatmapLayout::tickLength(m_metrics);
    QVarLengthArray<QLineF, DensestTicks + 1> lines;
    for (const auto& [v, label] : ticks(colors, maxTicks(bar.height(), m_metrics.lineHeight))) {
        const double y = std::round(bar.bottom() - colors.fraction(v) * bar.height()) + 0.5;
        lines.append(QLineF(bar.right() + 0.5, y, bar.right() + 0.5 + tick, y));
        paintKeyLabel(painter, layout, y, label);
    }
    painter.setPen(QPen(m_style.muted, 1));
    painter.drawLines(lines.data(), int(lines.size()));
}

void ColorBarPainter::paintMaskKey(QPainter& painter, const ColorMap& colors,
                                   const HeatmapLayout& layout) const
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

void ColorBarPainter::paintHiddenKey(QPainter& painter, const HeatmapSpec& spec,
                                     const HeatmapLayout& layout) const
{
    const QRectF key = layout.hiddenKey;
    painter.fillRect(key, QColor::fromRgb(ColorMap::hiddenColor()));
    const QList<QLineF> lines = CellRaster::hatchLines(key, key.topLeft());
    painter.setPen(QPen(QColor::fromRgb(ColorMap::hatchColor()), 1));
    painter.drawLines(lines.data(), int(lines.size()));
    frame(painter, key);
    // A derived matrix's first non-finite value is in its reduction (non-finite values win).
    static const Matrix none;
    const Matrix& matrix = spec.matrix ? *spec.matrix : spec.reduced ? spec.reduced->values : none;
    QString label;
    for (Eigen::Index i = 0; i < matrix.size() && label.isEmpty(); ++i)
        if (!std::isfinite(matrix.data()[i]))
            label = cellText(matrix.data()[i], spec.decimals);
    paintKeyLabel(painter, layout, key.center().y(), label);
}

} // namespace ae
