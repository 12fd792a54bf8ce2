#include "ArithmeticChoice.h"

#include "HeadShape.h"
#include "Session.h"

namespace ae {

Arithmetic chooseArithmetic(const Session& s, std::int64_t T, std::int64_t S)
{
    const HeadShape shape = headShape(s);
    const double heads = shape.heads;
    const bool multi = s.variant == Variant::MultiHead;
    const double dk = shape.dimKq;
    const double dv = shape.dimV;
    const double projections = s.hasWeights() ? double(T + 2 * S) * s.dIn * heads * (dk + dv) : 0.0;
    const double attention = heads * double(T) * double(S) * (dk + dv);
    const double outProj = multi ? double(T) * heads * dv * heads * dv : 0.0;
    // ATen's row sums change pattern from 512 cells on (cascade levels): not mirrored here.
    const bool shortRows = S < 512;
    return shortRows && projections + attention + outProj <= TorchOrderMaxWork
               ? Arithmetic::TorchOrder
               : Arithmetic::Fast;
}

} // namespace ae
