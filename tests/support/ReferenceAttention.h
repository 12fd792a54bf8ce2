#pragma once

#include "Matrix.h"

#include <vector>

namespace ae {
struct Trace;
}

namespace ae::test {

// A deliberately plain reimplementation of the forward pass (loops, double
// accumulation, the textbook formulas) that the engine's fast paths are checked
// against. It takes the trace's inputs, parameters and dropout masks and recomputes
// everything downstream of them.
struct ReferenceHead
{
    Matrix queries, keys, values, scores, weights, weightsOtherMethod, dropped, context;
};

struct ReferenceForward
{
    std::vector<ReferenceHead> heads;
    Matrix contextVec;
};

ReferenceForward referenceForward(const Trace& trace);

} // namespace ae::test
