#include "FlashJson.h"

#include "FlashAttention.h"
#include "JsonWriter.h"

#include <algorithm>

namespace ae {

void writeFlashJson(JsonWriter& w, const FlashTrace& flash, float maxDiffStandard)
{
    const Eigen::Index T = flash.maxByRow.rows();
    w.beginObject();
    w.key("block_q");
    w.value(std::int64_t{flash.blockQ});
    w.key("block_k");
    w.value(std::int64_t{flash.blockK});
    w.key("tiles");
    w.beginArray();
    for (Eigen::Index qb = 0; qb < flash.queryBlocks; ++qb) {
        const Eigen::Index r0 = qb * flash.blockQ;
        const Eigen::Index rows = std::min<Eigen::Index>(flash.blockQ, T - r0);
        for (Eigen::Index kb = 0; kb < flash.keyBlocks; ++kb) {
            w.beginObject();
            w.key("q_block");
            w.value(std::int64_t(qb));
            w.key("k_block");
            w.value(std::int64_t(kb));
            w.key("skipped");
            w.value(flash.isSkipped(qb, kb));
            w.key("m");
            w.vector(flash.maxByRow.col(kb).segment(r0, rows).transpose());
            w.key("l");
            w.vector(flash.sumByRow.col(kb).segment(r0, rows).transpose());
            w.endObject();
        }
    }
    w.endArray();
    w.key("max_abs_diff_standard");
    w.value(maxDiffStandard);
    w.endObject();
}

} // namespace ae
