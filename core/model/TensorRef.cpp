#include "SafetensorsFile.h"
#include "TransformerParams.h"

namespace ae {

void TensorRef::rowsInto(Eigen::Index first, Eigen::Ref<Matrix> out) const
{
    if (data) {
        out = matrix().middleRows(first, out.rows());
        return;
    }
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        const std::uint16_t* bits = half + (first + r) * cols;
        for (Eigen::Index c = 0; c < cols; ++c)
            out(r, c) = bf16 ? bfloat16ToFloat(bits[c]) : halfToFloat(bits[c]);
    }
}

RowVector TensorRef::row(Eigen::Index r) const
{
    RowVector out(cols);
    rowsInto(r, out);
    return out;
}

} // namespace ae
