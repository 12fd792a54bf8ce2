#include "Linear.h"

#include "ParallelFailure.h"

#include <algorithm>

namespace ae {

namespace {

// y (R x out) = x · W on columns [first, first + width) only; W (in x out), or with
// `transposed` stored (out x in) and used transposed.
void product(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& weight,
             bool transposed, Eigen::Index first, Eigen::Index width, Matrix& y)
{
    if (transposed) {
        const auto w = weight.middleRows(first, width).transpose();
        if (x.rows() > LinearGemvRows) {
            y.middleCols(first, width).noalias() = x * w;
        } else {
            for (Eigen::Index r = 0; r < x.rows(); ++r)
                y.row(r).segment(first, width).noalias() = x.row(r) * w;
        }
        return;
    }
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
              const Eigen::Ref<const RowVector>& bias, bool transposed)
{
    const Eigen::Index n = transposed ? weight.rows() : weight.cols();
    Matrix y(x.rows(), n);
    const Eigen::Index blocks = (n + LinearBlockColumns - 1) / LinearBlockColumns;
    [[maybe_unused]] const bool worthThreads = // read by the OpenMP pragma only
        double(x.rows()) * double(x.cols()) * double(n) >= LinearParallelWork && blocks > 1;
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (worthThreads)
    for (Eigen::Index b = 0; b < blocks; ++b)
        failure.run([&] {
            const Eigen::Index first = b * LinearBlockColumns;
            product(x, weight, transposed, first, std::min(LinearBlockColumns, n - first), y);
        });
    failure.rethrow();
    if (bias.size() > 0)
        y.rowwise() += bias;
    return y;
}

} // namespace ae
