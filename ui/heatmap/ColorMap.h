#pragma once

#include "ColorScale.h"
#include "HeatmapSpec.h"

#include <QRgb>

#include <array>
#include <optional>
#include <utility>

namespace ae {

struct MatrixStats;

// The colours of the cells: Standard prints well (white for 0 or "no attention"); HighContrast
// is for projectors: every cell is either pale (black text) or dark and saturated (white text),
// never a mid tone (see ColorMap.cpp), and the mask's hidden cells are near-black.
enum class CellPalette
{
    Standard,
    HighContrast
};

// Value -> colour for one heatmap, through a 256-entry lookup table.
//   Diverging:  ±maxAbs -> entries 1 and 255, 0 -> entry 128 (exactly white), so both signs
//               get 127 steps; entry 0 repeats entry 1. Blue for negative, red for positive.
//   Sequential: low -> entry 0 (white), high -> entry 255 (dark purple), through a ColorScale
//               (linear, logarithmic, or per row: index(value, row)).
//   Mask:       0 -> entry 0 (white), any other value -> entry 255 (grey, "hidden").
// Non-finite values (the -inf of masked scores, NaN) have no entry: index() returns NoIndex
// and the painter draws them hatched, never as a colour of the scale. Cells carry their own
// colours, so they read the same on light and dark palettes.
class ColorMap
{
public:
    static constexpr int Size = 256;
    static constexpr int NoIndex = -1;
    static constexpr int DivergingCenter = 128;

    ColorMap() : ColorMap(ColorScheme::Diverging, -1, 1) {}
    // Explicit scale. Diverging uses max(|low|, |high|) on both sides; an empty or
    // non-finite range falls back to [0, 1] (Sequential) or ±1 (Diverging).
    ColorMap(ColorScheme scheme, double low, double high);
    explicit ColorMap(const ColorScale& sequential); // a Sequential map on this scale
    // The scale of `spec`: its fixed range if it has one, else its finite values' range.
    static ColorMap forSpec(const HeatmapSpec& spec);
    static ColorMap forMatrix(ColorScheme scheme, const Matrix& matrix,
                              std::optional<std::pair<float, float>> range = std::nullopt);
    // The same, from the matrix's statistics when the caller has them already.
    static ColorMap forStats(ColorScheme scheme, const MatrixStats& stats,
                             std::optional<std::pair<float, float>> range = std::nullopt);
    // The scale of `spec` in its ScaleMode (stats: of spec.matrix).
    static ColorMap forSpec(const HeatmapSpec& spec, const MatrixStats& stats);

    // The same scale drawn with another palette.
    ColorMap withPalette(CellPalette palette) const;
    CellPalette palette() const { return m_palette; }

    ColorScheme scheme() const { return m_scheme; }
    double low() const { return m_low; }
    double high() const { return m_high; }

    const ColorScale& scale() const { return m_scale; } // Sequential only
    int index(float value) const { return index(value, -1); }
    int index(float value, Eigen::Index row) const; // row: for ScaleMode::PerRow
    QRgb color(float value, Eigen::Index row) const;
    // The colour at a fraction of the colour bar (0: its bottom, 1: its top).
    QRgb colorAtFraction(double fraction) const;
    QRgb color(float value) const; // non-finite: hiddenColor()
    QRgb colorAt(int index) const { return m_table[std::size_t(index)]; }
    const std::array<QRgb, Size>& table() const { return m_table; }
    double valueAt(int index) const; // the value an entry stands for (inverse of index())
    // Position of `value` on the colour bar, 0 at low() and 1 at high(), clamped (per row:
    // `value` is a fraction of a row's maximum).
    double fraction(double value) const;

    // Background and line colour of hatched (non-finite) cells.
    static QRgb hiddenColor();
    static QRgb hatchColor();
    // Near-black or white, whichever contrasts more with `background` (WCAG luminance).
    static QRgb textColorOn(QRgb background);

private:
    void buildTable();

    ColorScheme m_scheme;
    double m_low, m_high;
    CellPalette m_palette = CellPalette::Standard;
    ColorScale m_scale;
    std::array<QRgb, Size> m_table{};
};

} // namespace ae
