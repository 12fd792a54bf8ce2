#include "MatrixStats.h"

#include <algorithm>
#include <cmath>

namespace ae {

MatrixStats MatrixStats::of(const Matrix& matrix)
{
    MatrixStats stats;
    if (matrix.size() == 0)
        return stats;
    const auto values = matrix.array();
    const float low = values.minCoeff();
    const float high = values.maxCoeff();
    // With finite extremes, a NaN is the only way the (vectorised) sum can be NaN (Eigen's
    // hasNaN() is a scalar loop, 70 times slower); a false alarm only takes the slow path.
    if (std::isfinite(low) && std::isfinite(high) && !std::isnan(values.sum())) {
        stats.low = low;
        stats.high = high;
        stats.maxAbs = std::max(std::abs(low), std::abs(high));
        return stats;
    }
    bool any = false;
    const float* data = matrix.data();
    for (Eigen::Index i = 0, n = matrix.size(); i < n; ++i) {
        const float v = data[i];
        if (!std::isfinite(v)) {
            if (!stats.firstNonFinite)
                stats.firstNonFinite = v;
            continue;
        }
        stats.low = any ? std::min(stats.low, v) : v;
        stats.high = any ? std::max(stats.high, v) : v;
        any = true;
    }
    stats.maxAbs = std::max(std::abs(stats.low), std::abs(stats.high));
    return stats;
}

} // namespace ae
