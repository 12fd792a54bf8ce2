#include "TraceArithmetic.h"

#include "AttentionParams.h"
#include "Forward.h"
#include "Trace.h"

namespace ae::test {

std::shared_ptr<const Trace> withArithmetic(const std::shared_ptr<const Trace>& trace,
                                            Arithmetic arithmetic)
{
    if (trace->arithmetic == arithmetic)
        return trace;
    auto again = std::make_shared<Trace>(*trace);
    const auto params =
        std::make_shared<const AttentionParams>(initAttentionParams(trace->session));
    runForward(trace->session, params, again->inputs, again->keySource(), *again, arithmetic);
    completeTrace(*again);
    return again;
}

} // namespace ae::test
