#include "FlashAttention.h"

#include "MatMul.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

constexpr float NegInf = -std::numeric_limits<float>::infinity();

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

// One query block of the forward, key block after key block: m, ℓ and O of its rows, the
// scratch tiles reused from block to block (a session of 1024 tokens in tiles of 2 x 2 goes
// through 260,000 tiles per head). flashAttention() runs every key block of every query block;
// flashTile() runs one query block up to a key block and keeps that tile.
class QueryBlockRun
{
public:
    QueryBlockRun(const Matrix& queries, const Matrix& keys, const Matrix& values,
                  const HeadOptions& options, int blockQ, int blockK)
        : m_queries(queries), m_keys(keys), m_values(values), m_options(options), m_blockQ(blockQ),
          m_blockK(blockK), m_scores(blockQ, blockK), m_p(blockQ, blockK),
          m_pv(blockQ, values.cols()), m_out(blockQ, values.cols()),
          m_m(static_cast<std::size_t>(blockQ)), m_l(static_cast<std::size_t>(blockQ)),
          m_visible(static_cast<std::size_t>(blockQ))
    {
    }

    void start(Eigen::Index qb)
    {
        m_firstRow = qb * m_blockQ;
        m_rows = std::min<Eigen::Index>(m_blockQ, m_queries.rows() - m_firstRow);
        std::fill(m_m.begin(), m_m.end(), NegInf);
        std::fill(m_l.begin(), m_l.end(), 0.0f);
        m_out.setZero();
        // The rows' visible keys, once per block rather than once per tile and row (a block of
        // 2 rows meets 512 key blocks at 1024 tokens).
        for (Eigen::Index i = 0; i < m_rows; ++i)
            m_visible[std::size_t(i)] = visibleKeys(m_options, m_firstRow + i, m_keys.rows());
    }

    // Key block kb; false when the mask hides the whole tile, which is then not computed.
    // `tile`, when given, gets the tile's tensors and the rows' state before and after it.
    bool advance(Eigen::Index kb, FlashTile* tile)
    {
        const Eigen::Index S = m_keys.rows();
        const Eigen::Index r0 = m_firstRow, rows = m_rows;
        const Eigen::Index c0 = kb * m_blockK, cols = std::min<Eigen::Index>(m_blockK, S - c0);
        if (tile)
            record(*tile, kb, c0, cols, true);
        bool hidden = true;
        for (Eigen::Index i = 0; i < rows && hidden; ++i) {
            const KeyRange& visible = m_visible[std::size_t(i)];
            hidden =
                !(visible.first < c0 + cols && c0 < visible.last && visible.first < visible.last);
        }
        if (!hidden) {
            auto out = m_out.topRows(rows);
            auto tileScores = m_scores.topLeftCorner(rows, cols);
            auto tileP = m_p.topLeftCorner(rows, cols);
            auto tilePv = m_pv.topRows(rows);
            // Fast arithmetic on a small tile: dot products and row updates straight from the
            // rows (an Eigen product of 2 x 64 by 64 x 2 costs more in setup than in sums).
            const bool direct = m_options.arithmetic == Arithmetic::Fast && rows * cols < 1024;
            // pass 1
            if (direct)
                for (Eigen::Index i = 0; i < rows; ++i)
                    for (Eigen::Index j = 0; j < cols; ++j)
                        tileScores(i, j) = m_queries.row(r0 + i).dot(m_keys.row(c0 + j));
            else
                product(m_queries.middleRows(r0, rows), m_keys.middleRows(c0, cols).transpose(),
                        m_options.arithmetic, tileScores);
            for (Eigen::Index i = 0; i < rows; ++i) {
                const KeyRange& visible = m_visible[std::size_t(i)];
                // pass 2
                float rowMax = NegInf;
                for (Eigen::Index j = 0; j < cols; ++j) {
                    const Eigen::Index key = c0 + j;
                    const bool shown = key >= visible.first && key < visible.last;
                    tileScores(i, j) = shown ? tileScores(i, j) / m_options.scoreDivisor : NegInf;
                    rowMax = std::max(rowMax, tileScores(i, j));
                }
                const float mNew = std::max(m_m[std::size_t(i)], rowMax);
                const float base = mNew == NegInf ? 0.0f : mNew;
                float rowSum = 0;
                for (Eigen::Index j = 0; j < cols; ++j) {
                    // exp(−∞) = 0 exactly: a hidden cell needs no call.
                    const float score = tileScores(i, j);
                    tileP(i, j) = score == NegInf ? 0.0f : std::exp(score - base);
                    rowSum += tileP(i, j);
                }
                // exp(0) = 1 exactly: a row whose max did not change is not rescaled.
                const float previous = m_m[std::size_t(i)];
                const float rescale = previous == base ? 1.0f : std::exp(previous - base);
                if (tile)
                    tile->rescale(i, 0) = rescale;
                m_l[std::size_t(i)] = rescale * m_l[std::size_t(i)] + rowSum;
                if (rescale != 1.0f)
                    out.row(i) *= rescale;
                m_m[std::size_t(i)] = mNew;
                // pass 3, row by row
                if (direct)
                    for (Eigen::Index j = 0; j < cols; ++j)
                        if (tileP(i, j) != 0.0f)
                            out.row(i).noalias() += tileP(i, j) * m_values.row(c0 + j);
            }
            // pass 3
            if (!direct) {
                product(tileP, m_values.middleRows(c0, cols), m_options.arithmetic, tilePv);
                out += tilePv;
            }
        }
        if (tile) {
            record(*tile, kb, c0, cols, false);
            tile->skipped = hidden;
            if (!hidden) {
                tile->scores = m_scores.topLeftCorner(rows, cols);
                tile->p = m_p.topLeftCorner(rows, cols);
            }
        }
        return !hidden;
    }

    Eigen::Index firstRow() const { return m_firstRow; }
    Eigen::Index rows() const { return m_rows; }
    float m(Eigen::Index i) const { return m_m[std::size_t(i)]; }
    float l(Eigen::Index i) const { return m_l[std::size_t(i)]; }
    // O / ℓ of row i (0 for a row that saw nothing).
    void finish(Eigen::Index i, Eigen::Ref<RowVector> context) const
    {
        const float sum = m_l[std::size_t(i)];
        if (sum > 0)
            context = m_out.row(i) / sum;
        else
            context.setZero();
    }

private:
    // Before the tile (`before`): its place and the rows' m, ℓ; after it: m′, ℓ′ and O.
    void record(FlashTile& tile, Eigen::Index kb, Eigen::Index c0, Eigen::Index cols,
                bool before) const
    {
        const Eigen::Index rows = m_rows;
        Matrix& m = before ? tile.mBefore : tile.mAfter;
        Matrix& l = before ? tile.lBefore : tile.lAfter;
        m.resize(rows, 1);
        l.resize(rows, 1);
        for (Eigen::Index i = 0; i < rows; ++i) {
            m(i, 0) = m_m[std::size_t(i)];
            l(i, 0) = m_l[std::size_t(i)];
        }
        if (before) {
            tile.queryBlock = m_firstRow / m_blockQ;
            tile.keyBlock = kb;
            tile.firstRow = m_firstRow;
            tile.rows = rows;
            tile.firstKey = c0;
            tile.keys = cols;
            tile.rescale = Matrix::Ones(rows, 1);
            tile.scores.resize(0, 0);
            tile.p.resize(0, 0);
        } else {
            tile.output = m_out.topRows(rows);
        }
    }

    const Matrix& m_queries;
    const Matrix& m_keys;
    const Matrix& m_values;
    const HeadOptions& m_options;
    const int m_blockQ, m_blockK;
    Matrix m_scores, m_p, m_pv, m_out;
    std::vector<float> m_m, m_l;
    std::vector<KeyRange> m_visible; // of the block's rows
    Eigen::Index m_firstRow = 0, m_rows = 0;
};

} // namespace

bool flashTileHidden(const HeadOptions& options, Eigen::Index r0, Eigen::Index r1, Eigen::Index c0,
                     Eigen::Index c1, Eigen::Index S)
{
    for (Eigen::Index i = r0; i < r1; ++i) {
        const KeyRange visible = visibleKeys(options, i, S);
        if (visible.first < c1 && c0 < visible.last && visible.first < visible.last)
            return false;
    }
    return true;
}

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
    trace.maxByRow.resize(T, trace.keyBlocks);
    trace.sumByRow.resize(T, trace.keyBlocks);
    context.resize(T, dv);

    QueryBlockRun run(queries, keys, values, options, blockQ, blockK);
    for (Eigen::Index qb = 0; qb < trace.queryBlocks; ++qb) {
        run.start(qb);
        const Eigen::Index r0 = run.firstRow();
        for (Eigen::Index kb = 0; kb < trace.keyBlocks; ++kb) {
            if (!run.advance(kb, nullptr))
                trace.skipped[std::size_t(qb * trace.keyBlocks + kb)] = 1;
            for (Eigen::Index i = 0; i < run.rows(); ++i) {
                trace.maxByRow(r0 + i, kb) = run.m(i);
                trace.sumByRow(r0 + i, kb) = run.l(i);
            }
        }
        for (Eigen::Index i = 0; i < run.rows(); ++i)
            run.finish(i, context.row(r0 + i));
    }
}

FlashTile flashTile(const Matrix& queries, const Matrix& keys, const Matrix& values,
                    const HeadOptions& options, int blockQ, int blockK, Eigen::Index qb,
                    Eigen::Index kb)
{
    QueryBlockRun run(queries, keys, values, options, blockQ, blockK);
    run.start(qb);
    FlashTile tile;
    for (Eigen::Index k = 0; k <= kb; ++k)
        run.advance(k, k == kb ? &tile : nullptr);
    return tile;
}

} // namespace ae
