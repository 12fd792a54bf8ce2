#include "ArithmeticChoice.h"

#include "Session.h"

namespace ae {

Arithmetic chooseArithmetic(const Session& s, std::int64_t T, std::int64_t S)
{
    const double heads = s.effectiveHeads();
    const bool multi = s.variant == Variant::MultiHead;
    const double dk = !s.hasWeights() ? s.dIn : multi ? double(s.dOutKq) / heads : s.dOutKq;
    const double dv = !s.hasWeights() ? s.dIn : multi ? double(s.dOutV) / heads : s.dOutV;
    const double projections = s.hasWeights() ? double(T + 2 * S) * s.dIn * heads * (dk + dv) : 0.0;
    const double attention = heads * double(T) * double(S) * (dk + dv);
    const double outProj = multi ? double(T) * heads * dv * heads * dv : 0.0;
    // ATen's row sums change pattern from 512 cells on (cascade levels): not mirrored here.
    const bool shortRows = S < 512;
    return shortRows && projections + attention + outProj <= TorchOrderMaxWork ? Arithmetic::TorchOrder
                                                                              : Arithmetic::Fast;
}

} // namespace ae
