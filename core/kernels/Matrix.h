#pragma once

#include <Eigen/Core>

namespace ae {

// Memory layout, stated once for the whole project: every matrix is float32 and
// row-major, as PyTorch's contiguous tensors and QImage scanlines are. Row i of a
// (T x d) matrix is token i's vector; element (i, j) sits at data()[i * cols + j].
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic, Eigen::RowMajor>;

} // namespace ae
