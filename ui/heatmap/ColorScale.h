#pragma once

#include "HeatmapSpec.h"

#include <optional>
#include <utility>
#include <vector>

namespace ae {

struct MatrixStats;

// Where a value falls on a Sequential colour scale (ScaleMode), as a fraction: 0 is the
// lightest colour (white, "no attention"), 1 the darkest. Plain arithmetic, no colours:
// ColorMap turns the fraction into a table entry.
//   Fixed:       linear from low to high (the spec's range, else 0 to the data's maximum)
//   Automatic:   linear from 0 to the data's maximum (from its minimum if that is negative)
//   Logarithmic: log10 from high / 10^LogDecades to high; values at or below low (0) are 0
//   PerRow:      value / the largest finite value of its row; rows without a positive value are 0
// Non-finite values have no fraction (NaN): they are drawn hatched.
struct ColorScale
{
    static constexpr double LogDecades =
        4; // 1/1024, the uniform weight over GPT-2's context, is a quarter up

    ScaleMode mode = ScaleMode::Fixed;
    double low = 0,
           high = 1; // the ends of the bar (PerRow: 0 and 1, fractions of each row's maximum)
    std::vector<float> rowHigh; // PerRow only: each row's largest finite value

    static ColorScale linear(double low, double high);
    // `matrix` is read only for PerRow (its rows' maxima); the rest comes from `stats`.
    static ColorScale of(ScaleMode mode, const Matrix& matrix, const MatrixStats& stats,
                         std::optional<std::pair<float, float>> range = std::nullopt);

    // `row` is needed by PerRow only (-1: the whole matrix's maximum).
    double fraction(double value, Eigen::Index row = -1) const;
    // The value at a fraction of the bar (the inverse of fraction(), for ticks and gradients).
    double valueAt(double fraction) const;
    bool isLinear() const { return mode != ScaleMode::Logarithmic; }
};

} // namespace ae
