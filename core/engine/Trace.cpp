#include "Trace.h"

#include "FlashAttention.h"
#include "TraceDerived.h"

#include <algorithm>

namespace ae {

float Trace::maskMethodsMaxDiff() const
{
    float worst = 0;
    for (int h = 0; h < int(heads.size()); ++h)
        worst = std::max(worst, ae::maskMethodsMaxDiff(*this, h));
    return worst;
}

std::int64_t Trace::storedBytes() const
{
    std::int64_t floats = inputs.size() + sourceInputs.size() + tokenEmbeddings.size() +
                          sourceTokenEmbeddings.size() + positionalEmbeddings.size() +
                          contextVecHeads.size() + contextVec.size();
    for (const HeadTrace& head : heads) {
        floats += head.queries.size() + head.keys.size() + head.values.size() +
                  head.queriesRope.size() + head.keysRope.size() + head.dropoutMask.size() +
                  head.contextVec.size();
        if (head.flash)
            floats += head.flash->maxByRow.size() + head.flash->sumByRow.size() +
                      Eigen::Index(head.flash->skipped.size() / sizeof(float));
    }
    for (const KeyValueHead& kv : kvHeads)
        floats += kv.keys.size() + kv.values.size() + kv.keysRope.size();
    return floats * std::int64_t(sizeof(float));
}

} // namespace ae
