#include "ColorScale.h"

#include "MatrixStats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

ColorScale ColorScale::linear(double low, double high)
{
    ColorScale scale;
    const bool usable = std::isfinite(low) && std::isfinite(high);
    scale.low = usable ? std::min(low, high) : 0.0;
    scale.high = usable ? std::max(low, high) : 1.0;
    // A constant scale has no direction; give it one unit so every value has a place.
    if (!(scale.high > scale.low) || !std::isfinite(scale.high - scale.low))
        scale.high = scale.low + 1;
    return scale;
}

ColorScale ColorScale::of(ScaleMode mode, const Matrix& matrix, const MatrixStats& stats,
                          std::optional<std::pair<float, float>> range)
{
    const bool fixed = range && std::isfinite(range->first) && std::isfinite(range->second);
    // Weights start from 0 so that "no attention" is always white, whatever the data's minimum.
    const double dataLow = std::min(double(stats.low), 0.0),
                 dataHigh = std::max(double(stats.high), 0.0);
    ColorScale scale;
    switch (mode) {
    case ScaleMode::Fixed:
        scale = fixed ? linear(range->first, range->second) : linear(dataLow, dataHigh);
        break;
    case ScaleMode::Automatic:
        scale = linear(dataLow, dataHigh);
        break;
    case ScaleMode::Logarithmic:
        scale.high = dataHigh > 0 ? dataHigh : 1.0;
        scale.low = scale.high * std::pow(10.0, -LogDecades);
        break;
    case ScaleMode::PerRow:
        scale.low = 0;
        scale.high = 1;
        scale.rowHigh.assign(std::size_t(matrix.rows()), 0.0f);
        for (Eigen::Index r = 0; r < matrix.rows(); ++r) {
            float best = 0;
            for (Eigen::Index c = 0; c < matrix.cols(); ++c)
                if (const float v = matrix(r, c); std::isfinite(v) && v > best)
                    best = v;
            scale.rowHigh[std::size_t(r)] = best;
        }
        break;
    }
    scale.mode = mode;
    return scale;
}

double ColorScale::fraction(double value, Eigen::Index row) const
{
    if (!std::isfinite(value))
        return std::numeric_limits<double>::quiet_NaN();
    switch (mode) {
    case ScaleMode::Fixed:
    case ScaleMode::Automatic:
        return std::clamp((value - low) / (high - low), 0.0, 1.0);
    case ScaleMode::Logarithmic:
        if (!(value > low))
            return 0;
        return std::clamp(std::log10(value / low) / std::log10(high / low), 0.0, 1.0);
    case ScaleMode::PerRow: {
        double top = 0;
        if (row >= 0 && std::size_t(row) < rowHigh.size())
            top = rowHigh[std::size_t(row)];
        else if (!rowHigh.empty())
            top = *std::max_element(rowHigh.begin(), rowHigh.end());
        return top > 0 ? std::clamp(value / top, 0.0, 1.0) : 0.0;
    }
    }
    return 0;
}

double ColorScale::valueAt(double fraction) const
{
    fraction = std::clamp(fraction, 0.0, 1.0);
    if (mode == ScaleMode::Logarithmic)
        return low * std::pow(high / low, fraction);
    return low + (high - low) * fraction;
}

} // namespace ae
