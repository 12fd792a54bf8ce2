#include "Rope.h"

#include <cmath>

namespace ae {

RowVector ropeInverseFrequencies(int headDim, double theta)
{
    const int pairs = headDim / 2;
    RowVector inverse(pairs);
    const float base = static_cast<float>(theta);
    for (int i = 0; i < pairs; ++i) {
        const float exponent = static_cast<float>(2 * i) / static_cast<float>(headDim);
        inverse[i] = 1.0f / std::pow(base, exponent);
    }
    return inverse;
}

Matrix ropeAngles(Eigen::Index positions, int headDim, double theta)
{
    const RowVector inverse = ropeInverseFrequencies(headDim, theta);
    Matrix angles(positions, inverse.size());
    for (Eigen::Index m = 0; m < positions; ++m)
        for (Eigen::Index i = 0; i < inverse.size(); ++i)
            angles(m, i) = static_cast<float>(m) * inverse[i];
    return angles;
}

Matrix applyRope(const Eigen::Ref<const Matrix>& x, RopeStyle style, double theta)
{
    const Eigen::Index T = x.rows();
    const int h = static_cast<int>(x.cols());
    const int pairs = h / 2;
    const Matrix angles = ropeAngles(T, h, theta);
    Matrix out(T, h);
    for (Eigen::Index m = 0; m < T; ++m)
        for (int i = 0; i < pairs; ++i) {
            const float c = std::cos(angles(m, i));
            const float s = std::sin(angles(m, i));
            const int first = style == RopeStyle::Half ? i : 2 * i;
            const int second = style == RopeStyle::Half ? i + pairs : 2 * i + 1;
            const float a = x(m, first), b = x(m, second);
            const float ac = a * c, bs = b * s, bc = b * c, as = a * s;
            out(m, first) = ac - bs;
            out(m, second) = bc + as;
        }
    return out;
}

} // namespace ae
