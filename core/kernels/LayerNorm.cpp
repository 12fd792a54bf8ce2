#include "LayerNorm.h"

#include "ParallelFailure.h"

#include <cmath>

namespace ae {

void layerNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
               const Eigen::Ref<const RowVector>& bias, float eps, Eigen::Ref<Matrix> out)
{
    const auto w = weight.array();
    const auto b = bias.array();
    ParallelFailure failure;
#pragma omp parallel for if (x.rows() >= 64)
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        failure.run([&] {
            const auto row = x.row(i).array();
            const float mean = row.mean();
            const float var = (row - mean).square().mean();
            out.row(i) = ((row - mean) / std::sqrt(var + eps)) * w + b;
        });
    failure.rethrow();
}

Matrix layerNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
                 const Eigen::Ref<const RowVector>& bias, float eps)
{
    Matrix out(x.rows(), x.cols());
    layerNorm(x, weight, bias, eps, out);
    return out;
}

} // namespace ae
