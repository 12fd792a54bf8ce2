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

RopeRotation ropeRotation(Eigen::Index positions, int headDim, RopeStyle style, double theta)
{
    RopeRotation r;
    r.style = style;
    const Matrix angles = ropeAngles(positions, headDim, theta);
    r.cos.resize(angles.rows(), angles.cols());
    r.sin.resize(angles.rows(), angles.cols());
    for (Eigen::Index m = 0; m < angles.rows(); ++m)
        for (Eigen::Index i = 0; i < angles.cols(); ++i) {
            r.cos(m, i) = std::cos(angles(m, i));
            r.sin(m, i) = std::sin(angles(m, i));
        }
    return r;
}

Matrix applyRope(const Eigen::Ref<const Matrix>& x, const RopeRotation& rotation)
{
    const Eigen::Index T = x.rows();
    const int pairs = static_cast<int>(x.cols()) / 2;
    const bool half = rotation.style == RopeStyle::Half;
    Matrix out(T, x.cols());
    for (Eigen::Index m = 0; m < T; ++m)
        for (int i = 0; i < pairs; ++i) {
            const float c = rotation.cos(m, i), s = rotation.sin(m, i);
            const int first = half ? i : 2 * i;
            const int second = half ? i + pairs : 2 * i + 1;
            const float a = x(m, first), b = x(m, second);
            const float ac = a * c, bs = b * s, bc = b * c, as = a * s;
            out(m, first) = ac - bs;
            out(m, second) = bc + as;
        }
    return out;
}

} // namespace ae
