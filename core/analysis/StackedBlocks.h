#pragma once

#include "Matrix.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ae {

class TransformerModel;

// Untraced forwards of several sequences of T tokens at once, for analyses that run the upper
// part of a model many times (every head ablated). The sequences are stacked in x
// (B·T x d, sequence b in rows [b·T, (b+1)·T)): the linear layers run on all B·T rows in one
// product each, the attention of each sequence and head on its own T rows (the forward's
// kernel, attendHead, causal), blocks [firstLayer, endLayer) (-1: to the last). Returns false,
// leaving x half-way, when `keepGoing` (asked before each block) says to stop.
bool runStackedBlocks(const TransformerModel& model, int firstLayer, Eigen::Index T, Matrix& x,
                      const std::function<bool()>& keepGoing = {}, int endLayer = -1);

// What the model predicts from the stacked residual streams after the last block (x as above):
// per sequence, the mean next-token cross-entropy over positions 0 ... T-2 against `ids`
// (T ids, the same for every sequence; natural log, as torch's cross_entropy) and the last
// position's logits. The logits are made a slice of the vocabulary at a time for every row
// (norm_f(x) · outHead slice ᵀ, BlockOps.h headSliceLogits), never all B·T x V at once: each
// slice's largest logit and sum of exponentials are kept per row and combined in the slices'
// order. The head's weights are thus read once per call, and each thread's slice of logits,
// a block of `slices` (resized when too small), stays in cache: a caller predicting stack
// after stack passes the same buffer, whose pages are then written again rather than faulted
// in anew.
struct SequencePrediction
{
    double loss = 0;
    RowVector lastLogits; // (V)
};
std::vector<SequencePrediction> predictSequences(const TransformerModel& model, const Matrix& x,
                                                 Eigen::Index T,
                                                 const std::vector<std::int64_t>& ids,
                                                 Matrix& slices);

} // namespace ae
