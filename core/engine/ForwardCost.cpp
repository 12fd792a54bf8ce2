#include "ForwardCost.h"

#include "AttentionKernel.h"
#include "Trace.h"

namespace ae {

double forwardFlops(const Trace& trace)
{
    const Session& s = trace.session;
    const double T = double(trace.queryCount()), S = double(trace.keyCount());
    const double dIn = double(trace.inputs.cols());
    const bool weighted = s.hasWeights();
    const double heads = double(trace.heads.size());
    const double kvHeads = trace.kvHeads.empty() ? heads : double(trace.kvHeads.size());
    const double dk = weighted ? double(trace.headDimKq) : dIn;
    const double dv = weighted ? double(trace.headDimV) : dIn;

    HeadOptions options;
    options.causal = s.causal;
    options.window = s.window;
    double visible = 0;
    for (Eigen::Index i = 0; i < trace.queryCount(); ++i) {
        const KeyRange keys = visibleKeys(options, i, trace.keyCount());
        visible += double(keys.last - keys.first);
    }
    double multiplyAdds = heads * visible * (dk + dv);
    if (weighted)
        multiplyAdds += T * dIn * heads * dk + S * dIn * kvHeads * (dk + dv);
    if (s.variant == Variant::MultiHead)
        multiplyAdds += T * (heads * dv) * (heads * dv); // out_proj
    return 2 * multiplyAdds;
}

} // namespace ae
