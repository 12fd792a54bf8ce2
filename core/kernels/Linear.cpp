#include "Linear.h"

#include "ParallelFailure.h"

#include <algorithm>

namespace ae {

namespace {

// y (R x out) = x · W on columns [first, first + width) only.
void product(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& weight,
             Eigen::Index first, Eigen::Index width, Matrix& y)
{
    const auto w = weight.middleCols(first, width);
    if (x.rows() > LinearGemvRows) {
        y.middleCols(first, width).noalias() = x * w;
    } else {
        for (Eigen::Index r = 0; r < x.rows(); ++r)
            y.row(r).segment(first, width).noalias() = x.row(r) * w;
    }
}

} // namespace

Matrix linear(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& weight,
              const Eigen::Ref<const RowVector>& bias)
{
    Matrix y(x.rows(), weight.cols());
    const Eigen::Index n = weight.cols();
    const Eigen::Index blocks = (n + LinearBlockColumns - 1) / LinearBlockColumns;
    const bool worthThreads =
        double(x.rows()) * double(x.cols()) * double(n) >= LinearParallelWork && blocks > 1;
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (worthThreads)
    for (Eigen::Index b = 0; b < blocks; ++b)
        failure.run([&] {
            const Eigen::Index first = b * LinearBlockColumns;
            product(x, weight, first, std::min(LinearBlockColumns, n - first), y);
        });
    failure.rethrow();
    if (bias.size() > 0)
        y.rowwise() += bias;
    return y;
}

} // namespace ae
