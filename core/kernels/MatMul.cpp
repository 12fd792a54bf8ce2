#include "MatMul.h"

#include "ParallelFailure.h"

#ifdef AE_HAVE_BLAS
#include "BlasGemm.h"
#endif

#include <algorithm>
#include <limits>

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

// Eigen's GEMM on fixed blocks of columns, the blocks in parallel. Eigen's own threading is
// off (EIGEN_DONT_PARALLELIZE, core/CMakeLists.txt): it splits a product by the number of
// threads, and where a split falls decides which micro-kernel, so which summation order, a
// cell gets. Fixed blocks give every cell the same bits whatever the thread count; columns
// rather than rows so that each block packs only its own slice of the (large) right side.
constexpr Eigen::Index GemmBlockColumns = 128;

// c's columns [first, first + width) += bias's, on every row (no bias: nothing).
void addBias(Eigen::Ref<Matrix> c, const float* bias, Eigen::Index first, Eigen::Index width)
{
    if (bias)
        c.middleCols(first, width).rowwise() += Eigen::Map<const RowVector>(bias + first, width);
}

template <typename Left, typename Right>
void blockedProduct(const Left& a, const Right& b, Eigen::Ref<Matrix> c, const float* bias,
                    ProductWrite write)
{
    const Eigen::Index n = b.cols();
    const Eigen::Index blocks = (n + GemmBlockColumns - 1) / GemmBlockColumns;
    [[maybe_unused]] const bool worthThreads = // read by the OpenMP pragma only
        double(a.rows()) * double(a.cols()) * double(n) > 1.0e6;
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (blocks > 1 && worthThreads)
    for (Eigen::Index block = 0; block < blocks; ++block)
        failure.run([&] {
            const Eigen::Index first = block * GemmBlockColumns;
            const Eigen::Index width = std::min(GemmBlockColumns, n - first);
            if (write == ProductWrite::Add) {
                addBias(c, bias, first, width);
                c.middleCols(first, width).noalias() += a * b.middleCols(first, width);
                return;
            }
            c.middleCols(first, width).noalias() = a * b.middleCols(first, width);
            addBias(c, bias, first, width);
        });
    failure.rethrow();
}

// The fast path: OpenBLAS for large products when built with it, else Eigen's blocks.
// (+ bias, each tile's after its product; with ProductWrite::Add, c's own values first)
void fastProduct(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
                 bool transposedB, Eigen::Ref<Matrix> c, BlasTiles tiles = {},
                 const float* bias = nullptr, ProductWrite write = ProductWrite::Replace)
{
#ifdef AE_HAVE_BLAS
    if (productPath(a.rows(), a.cols(), c.cols(), Arithmetic::Fast) == ProductPath::Blas) {
        blasProduct(a, b, transposedB, c, tiles.rows, tiles.columns, bias, write);
        return;
    }
#else
    (void)tiles;
#endif
    if (transposedB)
        blockedProduct(a, b.transpose(), c, bias, write);
    else
        blockedProduct(a, b, c, bias, write);
}

} // namespace

ProductPath productPath(Eigen::Index m, Eigen::Index k, Eigen::Index n, Arithmetic arithmetic)
{
    if (arithmetic == Arithmetic::TorchOrder)
        return ProductPath::Sequential;
#ifdef AE_HAVE_BLAS
    constexpr Eigen::Index intMax = std::numeric_limits<int>::max(); // cblas takes int sizes
    const bool fitsInt = m < intMax && k < intMax && n < intMax && m * k < intMax &&
                         k * n < intMax && m * n < intMax;
    if (fitsInt && double(m) * double(k) * double(n) >= BlasMinWork && blasUsable())
        return ProductPath::Blas;
#else
    (void)m;
    (void)k;
    (void)n;
#endif
    return ProductPath::Eigen;
}

std::string productKernels()
{
#ifdef AE_HAVE_BLAS
    if (blasUsable()) {
        std::string kernels = "openblas " + openBlasKernel();
        if (tilesOnAvx512())
            kernels += ", avx512 tiles from " + std::to_string(ownKernelMinRows()) + " rows";
        if (const std::string threading = openBlasThreading();
            !threading.empty() && threading != "pthreads")
            kernels += ", " + threading + " build";
        return kernels;
    }
#endif
    return "eigen";
}

#ifndef AE_HAVE_BLAS
double sgemmReferenceGflops(Eigen::Index)
{
    return 0;
}
#endif

Matrix matmul(const Matrix& a, const Matrix& b, Arithmetic arithmetic)
{
    if (arithmetic == Arithmetic::TorchOrder)
        return sequentialProduct(a, b);
    Matrix c(a.rows(), b.cols());
    fastProduct(a, b, false, c);
    return c;
}

Matrix matmulTransposed(const Matrix& a, const Matrix& b, Arithmetic arithmetic)
{
    if (arithmetic == Arithmetic::TorchOrder)
        return sequentialProduct(a, b.transpose());
    Matrix c(a.rows(), b.rows());
    fastProduct(a, b, true, c);
    return c;
}

Matrix fastMatmul(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
                  bool transposedB, BlasTiles tiles)
{
    Matrix c(a.rows(), transposedB ? b.rows() : b.cols());
    fastProduct(a, b, transposedB, c, tiles);
    return c;
}

void fastMatmulInto(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
                    bool transposedB, Eigen::Ref<Matrix> out, BlasTiles tiles, const float* bias,
                    ProductWrite write)
{
    fastProduct(a, b, transposedB, out, tiles, bias, write);
}

Matrix linear(const Matrix& x, const Matrix& w, const RowVector& bias, Arithmetic arithmetic)
{
    if (arithmetic == Arithmetic::Fast) {
        Matrix y(x.rows(), w.cols());
        fastProduct(x, w, false, y, {}, bias.size() > 0 ? bias.data() : nullptr);
        return y;
    }
    Matrix y = matmul(x, w, arithmetic);
    if (bias.size() > 0)
        y.rowwise() += bias;
    return y;
}

} // namespace ae
