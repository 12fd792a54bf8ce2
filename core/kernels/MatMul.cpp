#include "MatMul.h"

namespace ae {

namespace {

// Cell (i, j) = ((a_i0 b_0j + a_i1 b_1j) + a_i2 b_2j) + ...: each product rounded, then
// added, in k order, as the reference BLAS behind PyTorch's portable build does. The loop
// runs over j innermost so it vectorises across cells without reordering any one sum
// (the core is compiled with -ffp-contract=off: no fused multiply-adds).
Matrix sequentialProduct(const Matrix& a, const Matrix& b)
{
    Matrix c = Matrix::Zero(a.rows(), b.cols());
    const Eigen::Index n = b.cols();
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        float* out = c.row(i).data();
        for (Eigen::Index k = 0; k < a.cols(); ++k) {
            const float aik = a(i, k);
            const float* bk = b.row(k).data();
            for (Eigen::Index j = 0; j < n; ++j)
                out[j] = out[j] + aik * bk[j];
        }
    }
    return c;
}

} // namespace

Matrix matmul(const Matrix& a, const Matrix& b, Arithmetic arithmetic)
{
    if (arithmetic == Arithmetic::TorchOrder)
        return sequentialProduct(a, b);
    Matrix c(a.rows(), b.cols());
    c.noalias() = a * b;
    return c;
}

Matrix matmulTransposed(const Matrix& a, const Matrix& b, Arithmetic arithmetic)
{
    if (arithmetic == Arithmetic::TorchOrder)
        return sequentialProduct(a, b.transpose());
    Matrix c(a.rows(), b.rows());
    c.noalias() = a * b.transpose();
    return c;
}

Matrix linear(const Matrix& x, const Matrix& w, const RowVector& bias, Arithmetic arithmetic)
{
    Matrix y = matmul(x, w, arithmetic);
    if (bias.size() > 0)
        y.rowwise() += bias;
    return y;
}

} // namespace ae
