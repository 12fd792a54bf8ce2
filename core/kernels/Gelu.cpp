#include "Gelu.h"

#include "ParallelFailure.h"

#include <cmath>

namespace ae {

void geluTanh(Eigen::Ref<Matrix> h)
{
    const float c = std::sqrt(2.0f / float(M_PI));
    ParallelFailure failure;
#pragma omp parallel for if (h.rows() >= 64)
    for (Eigen::Index i = 0; i < h.rows(); ++i)
        failure.run([&] {
            auto x = h.row(i).array();
            x = 0.5f * x * (1.0f + (c * (x + 0.044715f * x.cube())).tanh());
        });
    failure.rethrow();
}

} // namespace ae
