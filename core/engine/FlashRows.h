#pragma once

#include "AttentionKernel.h"
#include "Matrix.h"

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace ae {

struct FlashTile;  // FlashAttention.h
struct FlashTrace; // FlashAttention.h

// The flash kernel's fast path (attendHeadFlash(), flashTile(): FlashAttention.h).

// A row's m before it has seen a key.
constexpr float NegInf = -std::numeric_limits<float>::infinity();

// Which key blocks the mask hides from every row of [r0, r1) (a query block): skipped[kb] = 1
// for those, kb < keyBlocks (the first keyBlocks of them: the stepper asks up to its tile).
void hiddenKeyBlocks(const HeadOptions& options, Eigen::Index r0, Eigen::Index r1, int blockK,
                     Eigen::Index S, std::uint8_t* skipped, Eigen::Index keyBlocks);

// Fast arithmetic: the same steps, row by row (a row's m, ℓ and O depend on no other row of
// its query block), from the scores the standard kernel computed for its weights (one GEMM a
// block of 64 rows; attendHead() hands them over), a row's exponentials at once (packetExp, as
// the softmax); a row's sums and O updates keep the key blocks' order (a tile at least a
// packet wide, 16 keys with AVX-512, summed lane by lane first). Up to Slots rows at a time
// share pass 3's loads of V (each row's sums as if alone: the same bits). A session of
// 1024 tokens in 2 x 2 tiles has 130,000 visible tiles a head: per tile, the TorchOrder run's
// calls would cost more than its sums.
class FastRows
{
public:
    static constexpr int Slots = 4;

    FastRows(const Matrix& values, const HeadOptions& options, int blockK);

    // Passes 1 and 2 of row r in slot `slot`, through key blocks [0, kbEnd), from its raw
    // scores (by key: the visible ones are read) and its query block's skips
    // (hiddenKeyBlocks()): m and ℓ after each into mAfter[kb], lAfter[kb]. accumulate() then
    // runs pass 3.
    void prepare(int slot, Eigen::Index r, const float* rawScores, const std::uint8_t* skipped,
                 Eigen::Index kbEnd, float* mAfter, float* lAfter);

    // pass 3 for slots [0, count), prepared with the same kbEnd: O (before the division by ℓ)
    // into out(slot).
    void accumulate(int count);

    const RowVector& out(int slot) const { return m_rows[std::size_t(slot)].out; }

    // Slot `slot`'s part of tile kbEnd − 1 (row i of it), after accumulate().
    void capture(int slot, FlashTile& tile, Eigen::Index i, const float* mAfter,
                 const float* lAfter) const;

private:
    struct Row
    {
        std::vector<float> rescale, arguments; // per key block: exp(m − m′), m − m′
        std::vector<float> perTile;            // per key block: scratch
        std::vector<float> scaled, p;          // per key: score / divisor, exp(score − m′)
        RowVector out;
        KeyRange visible;
        Eigen::Index kbEnd = 0, firstCell = 0, lastCell = 0; // the cells pass 3 reads
    };

    // Pass 3 over the cells [first, last) for R slots (from `slot`), N packets of O's columns
    // from column c, held in registers through the whole row: O = exp(m − m′)·O at each tile's
    // first cell (a tile where the row sees nothing leaves O as it is: its max did not
    // change, or O is still 0), then O += p_j·V_j cell after cell.
    template <int R, int N, typename Packet>
    void accumulate(Eigen::Index first, Eigen::Index last, Eigen::Index c, int slot = 0);

    // f(kb, first cell, cell count) for the key blocks [k0, k1) of a row that sees `visible`.
    template <typename F>
    void forEachTile(Eigen::Index k0, Eigen::Index k1, const KeyRange& visible, F&& f) const;

    const Matrix& m_values;
    const HeadOptions& m_options;
    const int m_blockK;
    std::array<Row, Slots> m_rows;
    std::vector<Eigen::Index> m_rescaled; // the key blocks where some slot's factor is not 1
};

// The fast flash kernel inside the standard one (its ScoresSink): each block of rows it hands
// over goes through FastRows, Slots rows at a time, into the trace and the context.
class FlashRows final : public ScoresSink
{
public:
    FlashRows(const Matrix& values, const HeadOptions& options, int blockQ, int blockK,
              FlashTrace& trace, Matrix& context)
        : m_values(values), m_options(options), m_blockQ(blockQ), m_blockK(blockK), m_trace(trace),
          m_context(context)
    {
    }

    void scoreBlock(Eigen::Index first, Eigen::Index rows, const Matrix& scores) override;

private:
    const Matrix& m_values;
    const HeadOptions& m_options;
    const int m_blockQ, m_blockK;
    FlashTrace& m_trace;
    Matrix& m_context;
};

} // namespace ae
