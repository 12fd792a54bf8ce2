#include "ColorMap.h"

#include "MatrixStats.h"

#include <QColor>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

// ColorBrewer RdBu (reversed, white centre) and Purples: colour-blind safe, print well.
constexpr std::array<QRgb, 9> DivergingStops{0xff2166ac, 0xff4393c3, 0xff92c5de,
                                             0xffd1e5f0, 0xffffffff, 0xfffddbc7,
                                             0xfff4a582, 0xffd6604d, 0xffb2182b};
constexpr std::array<QRgb, 9> SequentialStops{0xffffffff, 0xffefedf5, 0xffdadaeb,
                                              0xffbcbddc, 0xff9e9ac8, 0xff807dba,
                                              0xff6a51a3, 0xff54278f, 0xff3f007d};
constexpr QRgb MaskHidden = 0xff8c8c8c;
constexpr QRgb MaskVisible = 0xffffffff;
// High contrast, for projectors: every cell either light (grey level 0.74 or more: black text)
// or dark (below 0.27: white text, WCAG contrast 7 or more), never a mid tone on which neither
// text reads once a washed-out projector (or an OCR's thresholding) has flattened it: the lower
// half of the scale runs from cream to peach, the upper half from dark blue to violet. Light
// colours keep every channel above 190: OCR thresholds each channel (tesseract: a pixel is ink
// when any channel is dark), and a saturated yellow's low blue made its cells, text and all,
// solid ink.
constexpr int HighContrastLightEntries = 128;
constexpr std::array<QRgb, 3> HighContrastLightStops{0xfffffcf0, 0xfffff3c4, 0xffffdcc0};
constexpr std::array<QRgb, 4> HighContrastDarkStops{0xff26428b, 0xff3f1a86, 0xff44086f, 0xff2d004b};
// Signed values the same way on each side of a light grey 0: light tints of blue and red up to
// half the largest magnitude, then RdBu's darkest blues and reds.
constexpr std::array<QRgb, 2> HighContrastNegativeLight{0xfff0f0f0, 0xffc6dff0};
constexpr std::array<QRgb, 2> HighContrastNegativeDark{0xff2166ac, 0xff053061};
constexpr std::array<QRgb, 2> HighContrastPositiveLight{0xfff0f0f0, 0xfffbd3bf};
constexpr std::array<QRgb, 2> HighContrastPositiveDark{0xffb2182b, 0xff67001f};
constexpr QRgb HighContrastMaskHidden = 0xff262626;

// t in [0, 1] along evenly spaced stops, interpolated in sRGB as ColorBrewer ramps are.
template <std::size_t N> QRgb interpolate(const std::array<QRgb, N>& stops, double t)
{
    const double x = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const auto i = std::min(std::size_t(x), stops.size() - 2);
    const double f = x - double(i);
    auto mix = [f](int a, int b) { return int(std::lround(a + (b - a) * f)); };
    const QRgb a = stops[i], b = stops[i + 1];
    return qRgb(mix(qRed(a), qRed(b)), mix(qGreen(a), qGreen(b)), mix(qBlue(a), qBlue(b)));
}

double linear(int channel)
{
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

} // namespace

ColorMap::ColorMap(ColorScheme scheme, double low, double high)
    : m_scheme(scheme), m_low(low), m_high(high)
{
    const bool usable = std::isfinite(low) && std::isfinite(high);
    switch (scheme) {
    case ColorScheme::Diverging: {
        double maxAbs = usable ? std::max(std::abs(low), std::abs(high)) : 0.0;
        if (!(maxAbs > 0) || !std::isfinite(maxAbs))
            maxAbs = 1;
        m_low = -maxAbs;
        m_high = maxAbs;
        break;
    }
    case ColorScheme::Sequential:
        if (!usable) {
            m_low = 0;
            m_high = 1;
        } else if (m_low > m_high) {
            std::swap(m_low, m_high);
        }
        // A constant scale has no direction; give it one unit so every value has an entry.
        if (!(m_high > m_low) || !std::isfinite(m_high - m_low))
            m_high = m_low + 1;
        m_scale = ColorScale::linear(m_low, m_high);
        break;
    case ColorScheme::Mask:
        m_low = 0;
        m_high = 1;
        break;
    }
    buildTable();
}

ColorMap::ColorMap(const ColorScale& sequential)
    : m_scheme(ColorScheme::Sequential), m_low(sequential.low), m_high(sequential.high),
      m_scale(sequential)
{
    buildTable();
}

ColorMap ColorMap::forSpec(const HeatmapSpec& spec, const MatrixStats& stats)
{
    static const Matrix empty;
    if (spec.scheme != ColorScheme::Sequential)
        return forStats(spec.scheme, stats, spec.range);
    return ColorMap(
        ColorScale::of(spec.scale, spec.matrix ? *spec.matrix : empty, stats, spec.range));
}

ColorMap ColorMap::forSpec(const HeatmapSpec& spec)
{
    static const Matrix empty;
    return forSpec(spec, MatrixStats::of(spec.matrix ? *spec.matrix : empty));
}

ColorMap ColorMap::forMatrix(ColorScheme scheme, const Matrix& matrix,
                             std::optional<std::pair<float, float>> range)
{
    if (range && std::isfinite(range->first) && std::isfinite(range->second))
        return ColorMap(scheme, range->first, range->second);
    return forStats(scheme, MatrixStats::of(matrix), range);
}

ColorMap ColorMap::forStats(ColorScheme scheme, const MatrixStats& stats,
                            std::optional<std::pair<float, float>> range)
{
    if (range && std::isfinite(range->first) && std::isfinite(range->second))
        return ColorMap(scheme, range->first, range->second);
    // stats: 0, 0 when the matrix is empty or nothing is finite
    const double low = stats.low;
    const double high = stats.high;
    // Weights start from 0 so that "no attention" is always white, whatever the data's minimum.
    if (scheme == ColorScheme::Sequential)
        return ColorMap(scheme, std::min(low, 0.0), std::max(high, 0.0));
    return ColorMap(scheme, low, high);
}

int ColorMap::index(float value, Eigen::Index row) const
{
    if (!std::isfinite(value))
        return NoIndex;
    switch (m_scheme) {
    case ColorScheme::Diverging:
        return DivergingCenter +
               int(std::lround(std::clamp(double(value) / m_high, -1.0, 1.0) * 127.0));
    case ColorScheme::Sequential:
        return int(std::lround(m_scale.fraction(value, row) * (Size - 1)));
    case ColorScheme::Mask:
        return value != 0.0f ? Size - 1 : 0;
    }
    return NoIndex;
}

QRgb ColorMap::color(float value, Eigen::Index row) const
{
    const int i = index(value, row);
    return i == NoIndex ? hiddenColor() : m_table[std::size_t(i)];
}

QRgb ColorMap::colorAtFraction(double fraction) const
{
    fraction = std::isnan(fraction) ? 0.0 : std::clamp(fraction, 0.0, 1.0);
    if (m_scheme == ColorScheme::Diverging)
        return m_table[std::size_t(DivergingCenter + std::lround((2 * fraction - 1) * 127))];
    return m_table[std::size_t(std::lround(fraction * (Size - 1)))];
}

QRgb ColorMap::color(float value) const
{
    const int i = index(value);
    return i == NoIndex ? hiddenColor() : m_table[std::size_t(i)];
}

double ColorMap::valueAt(int index) const
{
    index = std::clamp(index, 0, Size - 1);
    switch (m_scheme) {
    case ColorScheme::Diverging:
        return std::max(index - DivergingCenter, -127) / 127.0 * m_high;
    case ColorScheme::Sequential:
        return m_scale.valueAt(index / double(Size - 1));
    case ColorScheme::Mask:
        return index >= DivergingCenter ? 1.0 : 0.0;
    }
    return 0;
}

double ColorMap::fraction(double value) const
{
    if (std::isnan(value))
        return 0;
    // On a per-row scale the bar's values are fractions of each row's maximum already.
    if (m_scheme == ColorScheme::Sequential && m_scale.mode == ScaleMode::PerRow)
        return std::clamp(value, 0.0, 1.0);
    if (m_scheme == ColorScheme::Sequential)
        return m_scale.fraction(value);
    return std::clamp((value - m_low) / (m_high - m_low), 0.0, 1.0);
}

QRgb ColorMap::hiddenColor()
{
    return 0xffe4e4e4;
}

QRgb ColorMap::hatchColor()
{
    return 0xffa6a6a6;
}

QRgb ColorMap::textColorOn(QRgb background)
{
    const double luminance = 0.2126 * linear(qRed(background)) +
                             0.7152 * linear(qGreen(background)) +
                             0.0722 * linear(qBlue(background));
    const double contrastWithWhite = 1.05 / (luminance + 0.05);
    const double contrastWithBlack = (luminance + 0.05) / 0.05;
    return contrastWithBlack >= contrastWithWhite ? 0xff1a1a1a : 0xffffffff;
}

ColorMap ColorMap::withPalette(CellPalette palette) const
{
    ColorMap copy = *this;
    if (palette != m_palette) {
        copy.m_palette = palette;
        copy.buildTable();
    }
    return copy;
}

void ColorMap::buildTable()
{
    const bool contrast = m_palette == CellPalette::HighContrast;
    for (int i = 0; i < Size; ++i) {
        QRgb c = 0;
        switch (m_scheme) {
        case ColorScheme::Diverging: {
            const double t = (std::max(i - DivergingCenter, -127) / 127.0 + 1.0) / 2.0;
            const double magnitude = std::abs(2 * t - 1);
            const bool negative = t < 0.5;
            if (!contrast)
                c = interpolate(DivergingStops, t);
            else if (magnitude < 0.5)
                c = interpolate(negative ? HighContrastNegativeLight : HighContrastPositiveLight,
                                magnitude * 2);
            else
                c = interpolate(negative ? HighContrastNegativeDark : HighContrastPositiveDark,
                                magnitude * 2 - 1);
            break;
        }
        case ColorScheme::Sequential:
            if (!contrast)
                c = interpolate(SequentialStops, i / double(Size - 1));
            else if (i < HighContrastLightEntries)
                c = interpolate(HighContrastLightStops, i / double(HighContrastLightEntries - 1));
            else
                c = interpolate(HighContrastDarkStops,
                                (i - HighContrastLightEntries) /
                                    double(Size - 1 - HighContrastLightEntries));
            break;
        case ColorScheme::Mask:
            c = i >= DivergingCenter ? (contrast ? HighContrastMaskHidden : MaskHidden)
                                     : MaskVisible;
            break;
        }
        m_table[std::size_t(i)] = c;
    }
}

} // namespace ae
