#pragma once

#include "Matrix.h"

#include <optional>

namespace ae {

// What the colour scale and the text measurements need to know of a matrix, in one pass
// that is vectorised when every value is finite (the usual case: a 1024 x 1024 matrix in
// about a tenth of a millisecond), cell by cell only when some are not.
struct MatrixStats
{
    float low = 0, high = 0;             // finite extremes (0, 0 when nothing is finite)
    float maxAbs = 0;                    // largest finite magnitude
    std::optional<float> firstNonFinite; // the first -inf, inf or NaN, row-major

    static MatrixStats of(const Matrix& matrix);
};

} // namespace ae
