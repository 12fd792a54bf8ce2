#pragma once

#include <QColor>
#include <QFont>

#include <algorithm>
#include <cmath>

// The deck's colours and type, shared by the slide's painters: black on white whatever the
// desktop theme, sizes in pixels of the 1280×720 page.
namespace ae::deck {

inline const QColor Accent(0x21, 0x66, 0xac);
inline const QColor Foreground(0x1a, 0x1a, 0x1a);
inline const QColor Muted(0x5c, 0x5c, 0x5c);
inline const QColor FormulaBackground(0xf2, 0xf4, 0xf7);
inline const QColor ErrorColor(0xb2, 0x18, 0x2b);

inline QFont pixelFont(const QFont& base, double pixels)
{
    QFont font = base;
    font.setPixelSize(std::max(1, int(std::round(pixels))));
    return font;
}

} // namespace ae::deck
