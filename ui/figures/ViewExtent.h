#pragma once

#include "Forward.h"
#include "Matrix.h"

#include <optional>

namespace ae {

struct Trace;

// How much of a head's T x S matrices the pages hold: a view policy, so it lives here and not
// in the forward. A text with more queries or keys than this is never held whole: views derive
// its matrices block by block, reduced to blocks that leave at most this many cells per side
// (finer than any view that is not zoomed in; a view's blocks are whole multiples of them).
constexpr Eigen::Index ReducedViewExtent = 512;

// The block that reduces `count` rows (or columns) to at most `extent` (ReducedViewExtent for
// the pages, the thumbnails' side for the model view): a power of two, so that it divides the
// forward's blocks of rows (CausalBlockRows) up to 32768 tokens, and stays the same while a
// text grows or shrinks by a few tokens.
int reducedViewBlock(Eigen::Index count, Eigen::Index extent = ReducedViewExtent);

// Whether views of the trace derive its T x S matrices rather than hold them.
bool derivesHeadViews(const Trace& trace);

// What the pages ask the forward to reduce while it has the weights (WeightsReduction): a
// text views derive, to reducedViewBlock() per side; nothing for a text shown whole.
// ComputeService and --benchmark pass it, so both measure what the window draws.
std::optional<WeightsReduction> viewWeightsReduction(Eigen::Index T, Eigen::Index S);

} // namespace ae
