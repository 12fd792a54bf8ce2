#pragma once

#include "AttentionKernel.h"
#include "Matrix.h"

#include <cstdint>
#include <vector>

namespace ae {

// What FlashAttention-2's forward went through for one head (todays-attention.md §4): its
// tiles in the order computed, query block after query block and, within one, key block after
// key block. Tile (qb, kb) covers query rows [qb·blockQ, …) and key columns [kb·blockK, …),
// the last of each possibly ragged.
struct FlashTrace
{
    int blockQ = 2, blockK = 2;
    Eigen::Index queryBlocks = 0, keyBlocks = 0;
    // skipped[qb · keyBlocks + kb]: every cell of the tile was hidden (causal or window), so it
    // was not computed.
    std::vector<std::uint8_t> skipped;
    // maxByRow(i, kb), sumByRow(i, kb): row i's m and ℓ after key block kb of its query block
    // (a skipped tile repeats the values before it). T x keyBlocks each, by row: the forward
    // writes a block's rows key block after key block (by key block, its strided writes took a
    // third of the kernel's time at T = 1024); m = −∞, ℓ = 0 while a row has seen no visible
    // key.
    Matrix maxByRow, sumByRow;

    float runningMax(Eigen::Index kb, Eigen::Index row) const { return maxByRow(row, kb); }
    float runningSum(Eigen::Index kb, Eigen::Index row) const { return sumByRow(row, kb); }
    bool isSkipped(Eigen::Index qb, Eigen::Index kb) const
    {
        return skipped[std::size_t(qb * keyBlocks + kb)] != 0;
    }
};

// One tile of the forward as the stepper shows it (flashTile): query block qb's state after
// key block kb, as attendHeadFlash() held it at that moment. Rows and keys are the tile's
// (rows [firstRow, firstRow + rows), keys [firstKey, firstKey + keys), the last ragged).
struct FlashTile
{
    Eigen::Index queryBlock = 0, keyBlock = 0;
    Eigen::Index firstRow = 0, rows = 0, firstKey = 0, keys = 0;
    bool skipped = false; // hidden from every row: nothing computed, the state carried over
    Matrix scores; // (rows, keys): S = Q_i·K_jᵀ / divisor, hidden cells −∞; empty if skipped
    Matrix p;      // (rows, keys): exp(S − m′); empty if skipped
    // Per row (rows x 1 each): m and ℓ before the tile and after it, and the factor
    // exp(m − m′) that rescaled the row's ℓ and O (1 for a skipped tile).
    Matrix mBefore, mAfter, lBefore, lAfter, rescale;
    Matrix output; // (rows, dv): O after the tile, before the final division by ℓ
};

// FlashAttention-2's forward, Algorithm 1 (Dao 2023), for one head, in float32, beside the
// standard kernel (attendHead(), which the weights views read): head.contextVec becomes the
// tiled kernel's result, head.flash its tiles and head.flashMaxDiff max |its context − the
// standard kernel's|.
// queries (T, dk), keys (S, dk), values (S, dv).
// For each query block Q_i (blockQ rows): m = −∞, ℓ = 0, O = 0; for each key block j in order
// (blockK columns), unless the mask hides the whole tile from every row:
// pass 1: S = Q_i K_jᵀ / divisor (hidden cells −∞); TorchOrder: MatMul's product of the tile,
// then the division; Fast: the standard kernel's scores of those cells (its GEMM of a block of
// rows), divided;
// pass 2: m' = max(m, rowmax S); P = exp(S − m'); ℓ = exp(m − m')·ℓ + rowsum P;
//         a row still without a visible key (m' = −∞) takes its exponents against 0, so it
//         keeps P = 0, ℓ = 0;
// pass 3: O = exp(m − m')·O + P·V_j (TorchOrder: MatMul; Fast: row by row), m = m';
// finally O / ℓ (0 for a row that saw nothing). Equals the standard kernel to float32
// rounding, not bit for bit: the sums run in another order. Masks by options.causal and
// options.window; options' dropout and mask method are not used (the session refuses both).
void attendHeadFlash(const Matrix& queries, const Matrix& keys, const Matrix& values,
                     const HeadOptions& options, int blockQ, int blockK, HeadTrace& head);

// Query block qb's state after key block kb (both from 0, inside the grid), by the same code
// as attendHeadFlash(): the key blocks 0..kb of that query block are run again (on the fast
// path from the standard kernel's scores of the rows' 64-row blocks, so the same bits), so a
// tile costs at most one block of rows' work.
FlashTile flashTile(const Matrix& queries, const Matrix& keys, const Matrix& values,
                    const HeadOptions& options, int blockQ, int blockK, Eigen::Index qb,
                    Eigen::Index kb);

} // namespace ae
