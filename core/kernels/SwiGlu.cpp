#include "SwiGlu.h"

#include "ParallelFailure.h"

namespace ae {

void swiGlu(Eigen::Ref<Matrix> gate, const Eigen::Ref<const Matrix>& up)
{
    ParallelFailure failure;
#pragma omp parallel for if (gate.rows() >= 64)
    for (Eigen::Index i = 0; i < gate.rows(); ++i)
        failure.run([&] {
            auto g = gate.row(i).array();
            g = g / (1.0f + (-g).exp()) * up.row(i).array();
        });
    failure.rethrow();
}

} // namespace ae
