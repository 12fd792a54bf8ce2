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
// position's logits. Logits are made in blocks of rows, never all B·T x V at once, into
// `logitRows` (resized when it is too small): a caller predicting stack after stack passes the
// same buffer, whose pages are then written again rather than faulted in anew (512 rows of
// GPT-2's logits: 100 MB, 25,000 pages).
struct SequencePrediction
{
    double loss = 0;
    RowVector lastLogits; // (V)
};
std::vector<SequencePrediction> predictSequences(const TransformerModel& model, const Matrix& x,
                                                 Eigen::Index T,
                                                 const std::vector<std::int64_t>& ids,
                                                 Matrix& logitRows);

} // namespace ae
