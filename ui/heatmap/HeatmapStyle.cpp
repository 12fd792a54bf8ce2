#include "HeatmapStyle.h"

#include <QPalette>

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

} // namespace

QFont HeatmapStyle::titleFont() const
{
    return scaled(font, 1.2);
}

QFont HeatmapStyle::figureTitleFont() const
{
    return scaled(font, 1.35);
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
    style.muted = QColor(mix(style.foreground.red(), window.red()), mix(style.foreground.green(), window.green()),
                         mix(style.foreground.blue(), window.blue()));
    style.background = window;
    return style;
}

} // namespace ae
