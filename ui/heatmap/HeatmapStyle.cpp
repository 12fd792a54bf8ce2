#include "HeatmapStyle.h"

#include <QFontMetricsF>
#include <QPalette>
#include <QString>

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

QFont scaled(const QFont& base, double factor)
{
    QFont font = base;
    font.setBold(true);
    if (base.pixelSize() > 0)
        font.setPixelSize(int(std::lround(base.pixelSize() * factor)));
    else
        font.setPointSizeF(base.pointSizeF() * factor);
    return font;
}

double luminance(const QColor& color)
{
    auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) +
           0.0722 * linear(color.blueF());
}

} // namespace

QFont HeatmapStyle::titleFont() const
{
    return scaled(font, 1.2);
}

QFont HeatmapStyle::figureTitleFont() const
{
    return scaled(font, 1.35);
}

QFont HeatmapStyle::valueFont(double cellWidth, double cellHeight, const QString& widest) const
{
    if (!(valueShare > 0) || widest.isEmpty())
        return font;
    QFont value = font;
    value.setBold(true);
    constexpr int Reference = 100; // pixels: text widths scale with the size
    value.setPixelSize(Reference);
    const QFontMetricsF fm(value);
    const double byWidth = valueShare * cellWidth / fm.horizontalAdvance(widest);
    const double byHeight = valueMaxShare * cellHeight / fm.height();
    // At least the label font's size where that fits the cell (CellValuePainter wants 4 px to
    // spare), else as large as fits, not below the smallest value font.
    const double fits = std::floor(Reference * (cellWidth - 6) / fm.horizontalAdvance(widest));
    const double label = QFontMetricsF(font).height() / fm.height() * Reference;
    const double smallest = QFontMetricsF(smallestValueFont()).height() / fm.height() * Reference;
    const double floor = std::max(smallest, std::min(label, fits));
    value.setPixelSize(
        std::max(1, int(std::max(floor, std::floor(Reference * std::min(byWidth, byHeight))))));
    return value;
}

QFont HeatmapStyle::smallestValueFont() const
{
    if (!(valueShare > 0))
        return font;
    QFont value = font;
    value.setBold(true);
    if (font.pixelSize() > 0)
        value.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * valueMinScale))));
    else
        value.setPointSizeF(font.pointSizeF() * valueMinScale);
    return value;
}

int HeatmapStyle::gridLine(double cellWidth, double cellHeight) const
{
    const double side = std::min(cellWidth, cellHeight);
    return std::max(gridWidth, int(std::lround(gridShare * side)));
}

HeatmapStyle HeatmapStyle::forExport(int pixelSize)
{
    HeatmapStyle style;
    style.font.setPixelSize(pixelSize);
    return style;
}

HeatmapStyle HeatmapStyle::forPalette(const QPalette& palette, const QFont& font)
{
    HeatmapStyle style;
    style.font = font;
    style.foreground = palette.color(QPalette::WindowText);
    const QColor window = palette.color(QPalette::Window);
    // A third of the way from the text to the window colour: secondary, yet readable on
    // light and dark themes alike.
    auto mix = [](int text, int back) { return text + (back - text) / 3; };
    style.muted = QColor(mix(style.foreground.red(), window.red()),
                         mix(style.foreground.green(), window.green()),
                         mix(style.foreground.blue(), window.blue()));
    style.background = window;
    return isHighContrast(palette) ? forPresentation(palette, font) : style;
}

HeatmapStyle HeatmapStyle::forPresentation(const QPalette& palette, const QFont& font)
{
    HeatmapStyle style;
    style.font = font;
    style.foreground = palette.color(QPalette::WindowText);
    style.muted = style.foreground; // a projector washes out greys
    style.background = palette.color(QPalette::Window);
    style.cells = CellPalette::HighContrast;
    style.grid = style.background;
    style.gridWidth = 3;
    // Read from the back of a hall, and by a camera's OCR (scripts/ocr-presentation): bold
    // values three quarters of the cell wide, dark on a light band (60 % of the cell's height:
    // the dark bands left above and below stay too thin to pass for text) across dark cells,
    // grid lines that stay visible when a projector blurs them.
    style.gridShare = 0.06;
    style.valueShare = 0.75;
    style.valueMaxShare = 0.4;
    style.valueMinScale = 0.6;
    style.valueLabel = QSizeF(1.0, 0.6);
    return style;
}

bool HeatmapStyle::isHighContrast(const QPalette& palette)
{
    const double a = luminance(palette.color(QPalette::Window));
    const double b = luminance(palette.color(QPalette::WindowText));
    return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05) >= 20;
}

} // namespace ae
