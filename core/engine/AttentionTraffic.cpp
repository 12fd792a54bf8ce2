#include "AttentionTraffic.h"

#include "FlashAttention.h"

#include <algorithm>

namespace ae {

AttentionTraffic attentionTraffic(Eigen::Index T, Eigen::Index S, Eigen::Index dk, Eigen::Index dv,
                                  int blockQ, int blockK, const HeadOptions& options)
{
    AttentionTraffic traffic;
    const double t = double(T), s = double(S);
    traffic.standard = (t * dk + s * dk + t * s) + 2 * t * s + (t * s + s * dv + t * dv);
    traffic.tiled = t * double(dk + dv + 1);
    for (Eigen::Index r0 = 0; r0 < T; r0 += blockQ) {
        const Eigen::Index r1 = std::min<Eigen::Index>(T, r0 + blockQ);
        for (Eigen::Index c0 = 0; c0 < S; c0 += blockK) {
            const Eigen::Index c1 = std::min<Eigen::Index>(S, c0 + blockK);
            if (flashTileHidden(options, r0, r1, c0, c1, S)) {
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
