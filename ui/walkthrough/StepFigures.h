#pragma once

#include "HeatmapSpec.h"

#include <memory>
#include <vector>

namespace ae {

struct Trace;

// The figures the deck shows for each step, assembled from figures:: (TraceFigures) for the
// first head. Each function describes whatever trace it is given: without a causal mask the
// causal step shows the weights, without dropout the dropout step shows the weights.
class StepFigures
{
public:
    using TracePtr = std::shared_ptr<const Trace>;

    static std::vector<Figure> embeddings(const TracePtr& trace);
    static std::vector<Figure> simplified(const TracePtr& trace);  // ω, α, z side by side
    static std::vector<Figure> projections(const TracePtr& trace); // Q, K, V
    static std::vector<Figure> scores(const TracePtr& trace);
    static std::vector<Figure> weights(const TracePtr& trace);
    static std::vector<Figure> context(const TracePtr& trace);    // α · V = z
    static std::vector<Figure> causalMask(const TracePtr& trace); // both methods (or a window)
    static std::vector<Figure> dropout(const TracePtr& trace);    // keep mask, α, α'
    static std::vector<Figure> allHeads(const TracePtr& trace);   // every head's α only
    static std::vector<Figure> rope(const TracePtr& trace);       // queries before and after
    static std::vector<Figure> flash(const TracePtr& trace);      // one tile of the stepper
};

} // namespace ae
