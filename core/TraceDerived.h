#pragma once

#include "Matrix.h"

namespace ae {

struct HeadTrace;
struct Trace;

// Tensors that are cheap functions of a trace, computed when a view or an exporter
// asks instead of being stored for every head of every computation.

// scores / sqrt(dk), as the softmax sees them (unmasked).
Matrix scaledScores(const Trace& trace, const HeadTrace& head);

// torch.triu(torch.ones(T, S), diagonal=1): 1 = hidden.
Matrix causalMask(Eigen::Index queryCount, Eigen::Index keyCount);

// scores.masked_fill(mask, -inf) (the neg-inf method's input, unscaled).
Matrix maskedScores(const HeadTrace& head);

// The causal weights by the method the session did not choose (for the side-by-side
// comparison of the two masking methods).
Matrix otherMethodWeights(const Trace& trace, const HeadTrace& head);

} // namespace ae
