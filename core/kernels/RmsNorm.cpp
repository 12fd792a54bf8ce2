#include "RmsNorm.h"

#include "ParallelFailure.h"

#include <cmath>

namespace ae {

void rmsNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
             float eps, Eigen::Ref<Matrix> out)
{
    const Eigen::Index n = x.cols();
    ParallelFailure failure;
#pragma omp parallel for if (x.rows() >= 64)
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        failure.run([&] {
            const float variance = x.row(i).squaredNorm() / static_cast<float>(n);
            const float scale = 1.0f / std::sqrt(variance + eps); // torch.rsqrt
            out.row(i) = weight.array() * (x.row(i).array() * scale);
        });
    failure.rethrow();
}

Matrix rmsNorm(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const RowVector>& weight,
               float eps)
{
    Matrix out(x.rows(), x.cols());
    rmsNorm(x, weight, eps, out);
    return out;
}

} // namespace ae
