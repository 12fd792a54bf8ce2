#include "ViewExtent.h"

#include "Trace.h"

#include <algorithm>

namespace ae {

int reducedViewBlock(Eigen::Index count, Eigen::Index extent)
{
    int block = 1;
    while (count > extent * block)
        block *= 2;
    return block;
}

bool derivesHeadViews(const Trace& trace)
{
    return std::max(trace.queryCount(), trace.keyCount()) > ReducedViewExtent;
}

std::optional<WeightsReduction> viewWeightsReduction(Eigen::Index T, Eigen::Index S)
{
    if (std::max(T, S) <= ReducedViewExtent)
        return std::nullopt;
    return WeightsReduction{reducedViewBlock(T), reducedViewBlock(S)};
}

} // namespace ae
