#include "HeadShape.h"

#include "Session.h"

namespace ae {

namespace {

bool headsSplitOutput(const Session& s)
{
    return s.variant == Variant::MultiHead;
}

} // namespace

bool headsDivideOutput(const Session& s)
{
    return !headsSplitOutput(s) ||
           (s.numHeads > 0 && s.dOutKq % s.numHeads == 0 && s.dOutV % s.numHeads == 0);
}

HeadShape headShape(const Session& s)
{
    if (!s.hasWeights())
        return {1, s.dIn, s.dIn};
    const int heads = s.numHeads > 0 ? s.numHeads : 1;
    if (headsSplitOutput(s))
        return {heads, s.dOutKq / heads, s.dOutV / heads};
    return {heads, s.dOutKq, s.dOutV};
}

} // namespace ae
