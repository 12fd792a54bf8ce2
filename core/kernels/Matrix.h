#pragma once

#include <Eigen/Core>

#include <cstring>

namespace ae {

// Memory layout, stated once for the whole project: every matrix is float32 and
// row-major, as PyTorch's contiguous tensors and QImage scanlines are. Row i of a
// (T x d) matrix is token i's vector; element (i, j) sits at data()[i * cols + j].
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic, Eigen::RowMajor>;

// The same shape and the same bits in every cell (-0 is not 0, a NaN equals itself), unlike
// operator==; an empty matrix has no data to compare.
inline bool sameBits(const Matrix& a, const Matrix& b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           (a.size() == 0 ||
            std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(float)) == 0);
}

} // namespace ae
