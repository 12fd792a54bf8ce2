#pragma once

#include "AttentionKernel.h"

#include <cstdint>

namespace ae {

// The floats one head's attention moves between a GPU's large memory (HBM) and the chip, as
// the FlashAttention paper's IO analysis counts them (Dao et al. 2022, §3.2; todays-attention.md
// §4), for T queries, S keys, key size dk and value size dv. Masking is fused into the softmax
// in both kernels, so the mask itself costs nothing here.
//   standard (the paper's Algorithm 0): read Q, K and write S (T·dk + S·dk + T·S); read S,
//     write P (2·T·S); read P, V and write O (T·S + S·dv + T·dv).
//   tiled (FlashAttention-2's forward, Algorithm 1): each query block reads its rows of Q once
//     and writes its rows of O and of the log-sum-exp L once (T·dk + T·dv + T); each computed
//     tile reads its key block's K_j and V_j (keys·(dk + dv)); a skipped tile moves nothing.
// The T x S matrices S and P never leave the chip in the tiled kernel: its count grows with
// T·S·(dk + dv) / blockQ instead of with T·S, so it moves less once the blocks are large.
struct AttentionTraffic
{
    double standard = 0; // floats
    double tiled = 0;    // floats
    std::int64_t computedTiles = 0, skippedTiles = 0;
};

AttentionTraffic attentionTraffic(Eigen::Index T, Eigen::Index S, Eigen::Index dk, Eigen::Index dv,
                                  int blockQ, int blockK, const HeadOptions& options);

} // namespace ae
