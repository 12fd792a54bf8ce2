#include "FlashAttention.h"

#include "FlashRows.h"
#include "MatMul.h"
#include "Trace.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

// a (m x k) · b (k x n) into out (m x n) through MatMul's sequential kernel (PyTorch's bits).
template <typename A, typename B, typename Out> void torchProduct(const A& a, const B& b, Out&& out)
{
    out = matmul(Matrix(a), Matrix(b), Arithmetic::TorchOrder);
}

// TorchOrder: one query block of the forward, key block after key block, each tile's products
// as PyTorch's matmul sums them: m, ℓ and O of its rows, the scratch tiles reused from block to
// block. attendHeadFlash() runs every key block of every query block; flashTile() runs one
// query block up to a key block and keeps that tile.
class QueryBlockRun
{
public:
    QueryBlockRun(const Matrix& queries, const Matrix& keys, const Matrix& values,
                  const HeadOptions& options, int blockQ, int blockK)
        : m_queries(queries), m_keys(keys), m_values(values), m_options(options), m_blockQ(blockQ),
          m_blockK(blockK), m_scores(blockQ, blockK), m_p(blockQ, blockK),
          m_pv(blockQ, values.cols()), m_out(blockQ, values.cols()),
          m_m(static_cast<std::size_t>(blockQ)), m_l(static_cast<std::size_t>(blockQ)),
          m_visible(static_cast<std::size_t>(blockQ)),
          m_skipped(static_cast<std::size_t>((keys.rows() + blockK - 1) / blockK))
    {
    }

    void start(Eigen::Index qb)
    {
        m_firstRow = qb * m_blockQ;
        m_rows = std::min<Eigen::Index>(m_blockQ, m_queries.rows() - m_firstRow);
        std::fill(m_m.begin(), m_m.end(), NegInf);
        std::fill(m_l.begin(), m_l.end(), 0.0f);
        m_out.setZero();
        // The rows' visible keys and the block's skipped tiles, once per block rather than once
        // per tile and row (a block of 2 rows meets 512 key blocks at 1024 tokens).
        for (Eigen::Index i = 0; i < m_rows; ++i)
            m_visible[std::size_t(i)] = visibleKeys(m_options, m_firstRow + i, m_keys.rows());
        hiddenKeyBlocks(m_options, m_firstRow, m_firstRow + m_rows, m_blockK, m_keys.rows(),
                        m_skipped.data(), Eigen::Index(m_skipped.size()));
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
        const bool hidden = m_skipped[std::size_t(kb)] != 0;
        if (!hidden) {
            auto out = m_out.topRows(rows);
            auto tileScores = m_scores.topLeftCorner(rows, cols);
            auto tileP = m_p.topLeftCorner(rows, cols);
            auto tilePv = m_pv.topRows(rows);
            // pass 1
            torchProduct(m_queries.middleRows(r0, rows), m_keys.middleRows(c0, cols).transpose(),
                         tileScores);
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
            }
            // pass 3
            torchProduct(tileP, m_values.middleRows(c0, cols), tilePv);
            out += tilePv;
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
    std::vector<KeyRange> m_visible;     // of the block's rows
    std::vector<std::uint8_t> m_skipped; // of the block's key blocks (hiddenKeyBlocks())
    Eigen::Index m_firstRow = 0, m_rows = 0;
};

} // namespace

void attendHeadFlash(const Matrix& queries, const Matrix& keys, const Matrix& values,
                     const HeadOptions& options, int blockQ, int blockK, HeadTrace& head)
{
    const Eigen::Index T = queries.rows(), S = keys.rows(), dv = values.cols();
    auto trace = std::make_shared<FlashTrace>();
    trace->blockQ = blockQ;
    trace->blockK = blockK;
    trace->queryBlocks = (T + blockQ - 1) / blockQ;
    trace->keyBlocks = (S + blockK - 1) / blockK;
    trace->skipped.assign(std::size_t(trace->queryBlocks * trace->keyBlocks), 0);
    for (Eigen::Index qb = 0; qb < trace->queryBlocks; ++qb)
        hiddenKeyBlocks(options, qb * blockQ, std::min<Eigen::Index>(T, (qb + 1) * blockQ), blockK,
                        S, &trace->skipped[std::size_t(qb * trace->keyBlocks)], trace->keyBlocks);
    trace->maxByRow.resize(T, trace->keyBlocks);
    trace->sumByRow.resize(T, trace->keyBlocks);
    Matrix context(T, dv);

    if (options.arithmetic == Arithmetic::Fast) {
        FlashRows rows(values, options, blockQ, blockK, *trace, context);
        HeadOptions withFlash = options;
        withFlash.scoresSink = &rows;
        attendHead(queries, keys, values, withFlash, head);
    } else {
        attendHead(queries, keys, values, options, head);
        QueryBlockRun run(queries, keys, values, options, blockQ, blockK);
        for (Eigen::Index qb = 0; qb < trace->queryBlocks; ++qb) {
            run.start(qb);
            const Eigen::Index r0 = run.firstRow();
            for (Eigen::Index kb = 0; kb < trace->keyBlocks; ++kb) {
                run.advance(kb, nullptr);
                for (Eigen::Index i = 0; i < run.rows(); ++i) {
                    trace->maxByRow(r0 + i, kb) = run.m(i);
                    trace->sumByRow(r0 + i, kb) = run.l(i);
                }
            }
            for (Eigen::Index i = 0; i < run.rows(); ++i)
                run.finish(i, context.row(r0 + i));
        }
    }
    head.flashMaxDiff = context.size() > 0 ? (context - head.contextVec).cwiseAbs().maxCoeff() : 0;
    head.contextVec = std::move(context);
    head.flash = std::move(trace);
}

FlashTile flashTile(const Matrix& queries, const Matrix& keys, const Matrix& values,
                    const HeadOptions& options, int blockQ, int blockK, Eigen::Index qb,
                    Eigen::Index kb)
{
    if (options.arithmetic == Arithmetic::Fast) {
        const Eigen::Index T = queries.rows(), S = keys.rows();
        FlashTile tile;
        tile.queryBlock = qb;
        tile.keyBlock = kb;
        tile.firstRow = qb * blockQ;
        tile.rows = std::min<Eigen::Index>(blockQ, T - tile.firstRow);
        tile.firstKey = kb * blockK;
        tile.keys = std::min<Eigen::Index>(blockK, S - tile.firstKey);
        std::vector<std::uint8_t> skipped(std::size_t(kb + 1));
        hiddenKeyBlocks(options, tile.firstRow, tile.firstRow + tile.rows, blockK, S,
                        skipped.data(), kb + 1);
        tile.skipped = skipped[std::size_t(kb)] != 0;
        for (Matrix* m : {&tile.mBefore, &tile.mAfter, &tile.lBefore, &tile.lAfter, &tile.rescale})
            m->resize(tile.rows, 1);
        tile.output.resize(tile.rows, values.cols());
        if (!tile.skipped) {
            tile.scores.resize(tile.rows, tile.keys);
            tile.p.resize(tile.rows, tile.keys);
        }
        // The scores from the very products the forward ran: the standard kernel's blocks of
        // rows (a product's shape decides a score's last bit).
        FastRows run(values, options, blockK);
        RowBlockTensors block;
        Eigen::Index blockFirst = -1;
        std::vector<float> m(std::size_t(kb + 1)), l(std::size_t(kb + 1));
        for (Eigen::Index i = 0; i < tile.rows; ++i) {
            const Eigen::Index r = tile.firstRow + i;
            const Eigen::Index first = r / CausalBlockRows * CausalBlockRows;
            if (first != blockFirst) {
                attendRowBlock(queries, keys, options, first,
                               std::min<Eigen::Index>(CausalBlockRows, T - first), false, block);
                blockFirst = first;
            }
            run.prepare(0, r, block.scores.row(r - first).data(), skipped.data(), kb + 1, m.data(),
                        l.data());
            run.accumulate(1);
            run.capture(0, tile, i, m.data(), l.data());
        }
        return tile;
    }
    QueryBlockRun run(queries, keys, values, options, blockQ, blockK);
    run.start(qb);
    FlashTile tile;
    for (Eigen::Index k = 0; k <= kb; ++k)
        run.advance(k, k == kb ? &tile : nullptr);
    return tile;
}

} // namespace ae
