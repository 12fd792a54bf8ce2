#include "Trace.h"

#include <algorithm>

namespace ae {

float Trace::maskMethodsMaxDiff() const
{
    float worst = 0;
    for (const HeadTrace& head : heads)
        worst = std::max(worst, head.maskMethodsMaxDiff);
    return worst;
}

} // namespace ae
