#include "TensorCompare.h"

#include <algorithm>
#include <cmath>

namespace ae::test {

QString TensorComparison::describe(const QString& name) const
{
    if (!shapesMatch)
        return name + QStringLiteral(": shapes differ");
    return QStringLiteral("%1: worst |diff| %2 at (%3, %4): expected %5, got %6")
        .arg(name)
        .arg(worstDiff, 0, 'g', 6)
        .arg(worstRow)
        .arg(worstCol)
        .arg(double(expected), 0, 'g', 9)
        .arg(double(actual), 0, 'g', 9);
}

TensorComparison compareTensors(const Matrix& expected, const Matrix& actual, double atol,
                                double rtol)
{
    TensorComparison result;
    if (expected.rows() != actual.rows() || expected.cols() != actual.cols()) {
        result.shapesMatch = result.ok = false;
        return result;
    }
    double worstExcess = -1;
    for (Eigen::Index i = 0; i < expected.rows(); ++i) {
        for (Eigen::Index j = 0; j < expected.cols(); ++j) {
            const double e = expected(i, j);
            const double a = actual(i, j);
            const bool same = (std::isnan(e) && std::isnan(a)) || (std::isinf(e) && e == a);
            const double diff = same ? 0.0 : std::fabs(a - e);
            const double excess = std::isnan(diff) ? INFINITY : diff - (atol + rtol * std::fabs(e));
            if (excess > worstExcess) {
                worstExcess = excess;
                result.worstDiff = std::isnan(diff) ? INFINITY : diff;
                result.worstRow = i;
                result.worstCol = j;
                result.expected = expected(i, j);
                result.actual = actual(i, j);
            }
        }
    }
    result.ok = worstExcess <= 0;
    return result;
}

Matrix normalMatrix(Eigen::Index rows, Eigen::Index cols, std::mt19937& random)
{
    std::normal_distribution<float> normal(0.0f, 1.0f);
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(random);
    return m;
}

Matrix normalMatrix(Eigen::Index rows, Eigen::Index cols, unsigned seed)
{
    std::mt19937 random(seed);
    return normalMatrix(rows, cols, random);
}

double worstProductError(const Matrix& a, const Matrix& b, const Matrix& got)
{
    return worstProductError(a, b, got, Matrix(), RowVector());
}

double worstProductError(const Matrix& a, const Matrix& b, const Matrix& got, const Matrix& start,
                         const RowVector& bias)
{
    const Eigen::MatrixXd ad = a.cast<double>(), bd = b.cast<double>();
    Eigen::MatrixXd want = ad * bd;
    Eigen::MatrixXd scale = ad.cwiseAbs() * bd.cwiseAbs();
    if (start.size() > 0) {
        want += start.cast<double>();
        scale += start.cast<double>().cwiseAbs();
    }
    if (bias.size() > 0) {
        want.rowwise() += bias.cast<double>();
        scale.rowwise() += bias.cast<double>().cwiseAbs();
    }
    double worst = 0;
    for (Eigen::Index i = 0; i < got.rows(); ++i)
        for (Eigen::Index j = 0; j < got.cols(); ++j)
            worst = std::max(worst, std::abs(double(got(i, j)) - want(i, j)) /
                                        std::max(scale(i, j), 1e-300));
    return worst;
}

} // namespace ae::test
