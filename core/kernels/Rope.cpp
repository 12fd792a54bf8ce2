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

RowVector ropeLlama3InverseFrequencies(const RowVector& inverse, const RopeLlama3Scaling& scaling)
{
    // Float32 throughout, a Python scalar rounded to float as PyTorch does; `a / tensor` is
    // PyTorch's reciprocal(tensor) · a.
    const float factor = float(scaling.factor), low = float(scaling.lowFreqFactor),
                high = float(scaling.highFreqFactor),
                original = float(scaling.originalMaxPositions);
    const float lowFreqWavelen = float(scaling.originalMaxPositions / scaling.lowFreqFactor);
    const float highFreqWavelen = float(scaling.originalMaxPositions / scaling.highFreqFactor);
    const float twoPi = float(2 * M_PI);
    RowVector scaled(inverse.size());
    for (Eigen::Index i = 0; i < inverse.size(); ++i) {
        const float wavelen = (1.0f / inverse[i]) * twoPi;
        const float divided = wavelen > lowFreqWavelen ? inverse[i] / factor : inverse[i];
        const float smooth = ((1.0f / wavelen) * original - low) / (high - low);
        const float smoothed = (1.0f - smooth) * divided / factor + smooth * divided;
        const bool medium = !(wavelen < highFreqWavelen) && !(wavelen > lowFreqWavelen);
        scaled[i] = medium ? smoothed : divided;
    }
    return scaled;
}

namespace {

Matrix anglesOf(Eigen::Index positions, const RowVector& inverse)
{
    Matrix angles(positions, inverse.size());
    for (Eigen::Index m = 0; m < positions; ++m)
        for (Eigen::Index i = 0; i < inverse.size(); ++i)
            angles(m, i) = static_cast<float>(m) * inverse[i];
    return angles;
}

RopeRotation rotationOf(const Matrix& angles, RopeStyle style)
{
    RopeRotation r;
    r.style = style;
    r.cos.resize(angles.rows(), angles.cols());
    r.sin.resize(angles.rows(), angles.cols());
    for (Eigen::Index m = 0; m < angles.rows(); ++m)
        for (Eigen::Index i = 0; i < angles.cols(); ++i) {
            r.cos(m, i) = std::cos(angles(m, i));
            r.sin(m, i) = std::sin(angles(m, i));
        }
    return r;
}

} // namespace

Matrix ropeAngles(Eigen::Index positions, int headDim, double theta)
{
    return anglesOf(positions, ropeInverseFrequencies(headDim, theta));
}

RopeRotation ropeRotation(Eigen::Index positions, int headDim, RopeStyle style, double theta)
{
    return rotationOf(ropeAngles(positions, headDim, theta), style);
}

RopeRotation ropeRotation(Eigen::Index positions, const RowVector& inverse, RopeStyle style)
{
    return rotationOf(anglesOf(positions, inverse), style);
}

void applyRopeInto(const Eigen::Ref<const Matrix>& x, const RopeRotation& rotation,
                   Eigen::Ref<Matrix> out, Eigen::Index first)
{
    const Eigen::Index T = x.rows();
    const int pairs = static_cast<int>(x.cols()) / 2;
    if (rotation.style == RopeStyle::Half) { // pairs (i, i + h/2): whole half rows at once
        for (Eigen::Index m = 0; m < T; ++m) {
            const auto c = rotation.cos.row(first + m).head(pairs).array();
            const auto s = rotation.sin.row(first + m).head(pairs).array();
            const auto a = x.row(m).head(pairs).array();
            const auto b = x.row(m).tail(pairs).array();
            out.row(m).head(pairs).array() = a * c - b * s;
            out.row(m).tail(pairs).array() = b * c + a * s;
        }
        return;
    }
    for (Eigen::Index m = 0; m < T; ++m)
        for (int i = 0; i < pairs; ++i) {
            const float c = rotation.cos(first + m, i), s = rotation.sin(first + m, i);
            const float a = x(m, 2 * i), b = x(m, 2 * i + 1);
            const float ac = a * c, bs = b * s, bc = b * c, as = a * s;
            out(m, 2 * i) = ac - bs;
            out(m, 2 * i + 1) = bc + as;
        }
}

Matrix applyRope(const Eigen::Ref<const Matrix>& x, const RopeRotation& rotation,
                 Eigen::Index first)
{
    Matrix out(x.rows(), x.cols());
    applyRopeInto(x, rotation, out, first);
    return out;
}

} // namespace ae
