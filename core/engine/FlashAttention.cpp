#include "FlashAttention.h"

#include "MatMul.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

constexpr float NegInf = -std::numeric_limits<float>::infinity();

// Whether the mask hides every cell of the tile rows [r0, r1) x columns [c0, c1).
bool tileHidden(const HeadOptions& options, Eigen::Index r0, Eigen::Index r1, Eigen::Index c0,
                Eigen::Index c1, Eigen::Index S)
{
    for (Eigen::Index i = r0; i < r1; ++i) {
        const KeyRange visible = visibleKeys(options, i, S);
        if (visible.first < c1 && c0 < visible.last && visible.first < visible.last)
            return false;
    }
    return true;
}

// a (m x k) · b (k x n) into out (m x n): TorchOrder through MatMul's sequential kernel
// (PyTorch's bits); Fast by coefficients (Eigen's lazy product: a tile is too small for
// GEMM's packing to pay), by GEMM from large tiles on.
template <typename A, typename B, typename Out>
void product(const A& a, const B& b, Arithmetic arithmetic, Out&& out)
{
    if (arithmetic == Arithmetic::TorchOrder)
        out = matmul(Matrix(a), Matrix(b), arithmetic);
    else if (a.rows() * b.cols() < 1024)
        out.noalias() = a.lazyProduct(b);
    else
        out.noalias() = a * b;
}

} // namespace

void flashAttention(const Matrix& queries, const Matrix& keys, const Matrix& values,
                    const HeadOptions& options, int blockQ, int blockK, Matrix& context,
                    FlashTrace& trace)
{
    const Eigen::Index T = queries.rows(), S = keys.rows(), dv = values.cols();
    trace.blockQ = blockQ;
    trace.blockK = blockK;
    trace.queryBlocks = (T + blockQ - 1) / blockQ;
    trace.keyBlocks = (S + blockK - 1) / blockK;
    trace.skipped.assign(std::size_t(trace.queryBlocks * trace.keyBlocks), 0);
    trace.runningMax.resize(trace.keyBlocks, T);
    trace.runningSum.resize(trace.keyBlocks, T);
    context.resize(T, dv);

    // One scratch tile, reused: a session of 1024 tokens in tiles of 2 x 2 goes through
    // 260,000 tiles per head.
    Matrix scores(blockQ, blockK), p(blockQ, blockK), pv(blockQ, dv), o(blockQ, dv);
    std::vector<float> m(static_cast<std::size_t>(blockQ)), l(static_cast<std::size_t>(blockQ));
    for (Eigen::Index qb = 0; qb < trace.queryBlocks; ++qb) {
        const Eigen::Index r0 = qb * blockQ, rows = std::min<Eigen::Index>(blockQ, T - r0);
        std::fill(m.begin(), m.end(), NegInf);
        std::fill(l.begin(), l.end(), 0.0f);
        auto out = o.topRows(rows);
        out.setZero();
        const auto q = queries.middleRows(r0, rows);
        for (Eigen::Index kb = 0; kb < trace.keyBlocks; ++kb) {
            const Eigen::Index c0 = kb * blockK, cols = std::min<Eigen::Index>(blockK, S - c0);
            if (tileHidden(options, r0, r0 + rows, c0, c0 + cols, S)) {
                trace.skipped[std::size_t(qb * trace.keyBlocks + kb)] = 1;
            } else {
                auto tileScores = scores.topLeftCorner(rows, cols);
                auto tileP = p.topLeftCorner(rows, cols);
                auto tilePv = pv.topRows(rows);
                // pass 1
                product(q, keys.middleRows(c0, cols).transpose(), options.arithmetic, tileScores);
                for (Eigen::Index i = 0; i < rows; ++i) {
                    const KeyRange visible = visibleKeys(options, r0 + i, S);
                    // pass 2
                    float rowMax = NegInf;
                    for (Eigen::Index j = 0; j < cols; ++j) {
                        const Eigen::Index key = c0 + j;
                        const bool shown = key >= visible.first && key < visible.last;
                        tileScores(i, j) = shown ? tileScores(i, j) / options.scoreDivisor : NegInf;
                        rowMax = std::max(rowMax, tileScores(i, j));
                    }
                    const float mNew = std::max(m[std::size_t(i)], rowMax);
                    const float base = mNew == NegInf ? 0.0f : mNew;
                    float rowSum = 0;
                    for (Eigen::Index j = 0; j < cols; ++j) {
                        tileP(i, j) = std::exp(tileScores(i, j) - base);
                        rowSum += tileP(i, j);
                    }
                    const float rescale = std::exp(m[std::size_t(i)] - base);
                    l[std::size_t(i)] = rescale * l[std::size_t(i)] + rowSum;
                    out.row(i) *= rescale;
                    m[std::size_t(i)] = mNew;
                }
                // pass 3
                product(tileP, values.middleRows(c0, cols), options.arithmetic, tilePv);
                out += tilePv;
            }
            for (Eigen::Index i = 0; i < rows; ++i) {
                trace.runningMax(kb, r0 + i) = m[std::size_t(i)];
                trace.runningSum(kb, r0 + i) = l[std::size_t(i)];
            }
        }
        for (Eigen::Index i = 0; i < rows; ++i) {
            const float sum = l[std::size_t(i)];
            if (sum > 0)
                context.row(r0 + i) = out.row(i) / sum;
            else
                context.row(r0 + i).setZero();
        }
    }
}

} // namespace ae
