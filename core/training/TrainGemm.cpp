#include "TrainGemm.h"

namespace ae::train {

namespace {

using Stride = Eigen::OuterStride<>;
using ConstView = Eigen::Map<const Matrix, 0, Stride>;
using View = Eigen::Map<Matrix, 0, Stride>;

template <typename Body> void forRowBlocks(Eigen::Index m, Body body)
{
    const Eigen::Index blocks = (m + GemmBlockRows - 1) / GemmBlockRows;
#pragma omp parallel for schedule(static) if (blocks > 1)
    for (Eigen::Index blk = 0; blk < blocks; ++blk) {
        const Eigen::Index r0 = blk * GemmBlockRows;
        body(r0, std::min(GemmBlockRows, m - r0));
    }
}

} // namespace

void gemmNT(const float* a, Eigen::Index lda, const float* b, Eigen::Index ldb, float* c,
            Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k)
{
    const ConstView bv(b, n, k, Stride(ldb));
    forRowBlocks(m, [&](Eigen::Index r0, Eigen::Index rows) {
        View(c + r0 * ldc, rows, n, Stride(ldc)).noalias() =
            ConstView(a + r0 * lda, rows, k, Stride(lda)) * bv.transpose();
    });
}

void gemmNN(const float* a, Eigen::Index lda, const float* b, Eigen::Index ldb, float* c,
            Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k)
{
    const ConstView bv(b, k, n, Stride(ldb));
    forRowBlocks(m, [&](Eigen::Index r0, Eigen::Index rows) {
        View(c + r0 * ldc, rows, n, Stride(ldc)).noalias() =
            ConstView(a + r0 * lda, rows, k, Stride(lda)) * bv;
    });
}

void gemmTNAccumulate(const float* a, Eigen::Index lda, const float* b, Eigen::Index ldb, float* c,
                      Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k)
{
    const ConstView bv(b, k, n, Stride(ldb));
    forRowBlocks(m, [&](Eigen::Index r0, Eigen::Index rows) {
        View(c + r0 * ldc, rows, n, Stride(ldc)).noalias() +=
            ConstView(a + r0, k, rows, Stride(lda)).transpose() * bv;
    });
}

} // namespace ae::train
