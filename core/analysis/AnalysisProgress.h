#pragma once

#include <functional>

namespace ae {

// How a long analysis (every head ablated, a generation) reports where it is and learns that
// it should stop: called on the thread that runs the analysis with `done` of `total` units
// finished (0 before the first, `total` after the last); returning false cancels, and the
// analysis returns what it has not finished as absent (std::nullopt, or a shorter result).
// An empty function never cancels.
using AnalysisProgress = std::function<bool(int done, int total)>;

inline bool keepGoing(const AnalysisProgress& progress, int done, int total)
{
    return !progress || progress(done, total);
}

} // namespace ae
