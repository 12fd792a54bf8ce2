#include "Linear.h"

namespace ae {

Matrix linear(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& weight,
              const Eigen::Ref<const RowVector>& bias)
{
    Matrix y(x.rows(), weight.cols());
    if (x.rows() > LinearGemvRows) {
        y.noalias() = x * weight;
    } else {
        for (Eigen::Index r = 0; r < x.rows(); ++r)
            y.row(r).noalias() = x.row(r) * weight;
    }
    if (bias.size() > 0)
        y.rowwise() += bias;
    return y;
}

} // namespace ae
