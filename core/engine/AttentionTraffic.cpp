#include "AttentionTraffic.h"

#include "FlashRows.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ae {

AttentionTraffic attentionTraffic(Eigen::Index T, Eigen::Index S, Eigen::Index dk, Eigen::Index dv,
                                  int blockQ, int blockK, const HeadOptions& options)
{
    AttentionTraffic traffic;
    const double t = double(T), s = double(S);
    traffic.standard = (t * dk + s * dk + t * s) + 2 * t * s + (t * s + s * dv + t * dv);
    traffic.tiled = t * double(dk + dv + 1);
    const Eigen::Index keyBlocks = (S + blockK - 1) / blockK;
    std::vector<std::uint8_t> skipped(static_cast<std::size_t>(keyBlocks));
    for (Eigen::Index r0 = 0; r0 < T; r0 += blockQ) {
        hiddenKeyBlocks(options, r0, std::min<Eigen::Index>(T, r0 + blockQ), blockK, S,
                        skipped.data(), keyBlocks);
        for (Eigen::Index kb = 0; kb < keyBlocks; ++kb) {
            const Eigen::Index c0 = kb * blockK, c1 = std::min<Eigen::Index>(S, c0 + blockK);
            if (skipped[std::size_t(kb)]) {
                ++traffic.skippedTiles;
            } else {
                ++traffic.computedTiles;
                traffic.tiled += double(c1 - c0) * double(dk + dv);
            }
        }
    }
    return traffic;
}

} // namespace ae
