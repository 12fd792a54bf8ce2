#pragma once

#include "Matrix.h"

#include <memory>

namespace ae {

struct Trace;

// Tensors that are cheap functions of a trace, computed when a view or an exporter
// asks instead of being stored for every head of every computation.

// One head's slice of the module's projections: W_query (d_in x dk), W_key, W_value
// (d_in x dv; those of its key/value head) and their biases (empty without qkv_bias); all
// empty for simplified.
struct HeadProjection
{
    Matrix wQuery, wKey, wValue;
    RowVector bQuery, bKey, bValue;
};
HeadProjection headProjection(const Trace& trace, int head);

// context_vec_heads (T x Σ d_v): the heads' contexts side by side, before out_proj. The
// seed module's multi-head trace stores it; a model's layer keeps only its heads' contexts,
// and this concatenates them (the same floats); empty for a trace of one head.
Matrix headsConcatenated(const Trace& trace);
// The same for a figure that holds it: the trace's own matrix where it stores one (sharing the
// trace's ownership, no copy), else the concatenation made here.
std::shared_ptr<const Matrix> headsConcatenatedShared(const std::shared_ptr<const Trace>& trace);
// Its row `row` (a cell's explanation), without the other rows.
RowVector headsConcatenatedRow(const Trace& trace, Eigen::Index row);

// scores / sqrt(dk), as the softmax sees them (unmasked).
Matrix scaledScores(const Trace& trace, int head);

// torch.triu(torch.ones(T, S), diagonal=1): 1 = hidden.
Matrix causalMask(Eigen::Index queryCount, Eigen::Index keyCount);

// The session's mask, 1 = hidden: the causal one above, a sliding window's band, or both
// (todays-attention.md §3); all zeros without either.
Matrix attentionMask(const Trace& trace);

// scores.masked_fill(mask, -inf) (the neg-inf method's input, unscaled), by attentionMask().
Matrix maskedScores(const Trace& trace, int head);

// max |weights by one causal method - weights by the other| over the head's visible cells,
// computed block of rows by block of rows without holding a T x S matrix.
float maskMethodsMaxDiff(const Trace& trace, int head);

// The causal weights by the method the session did not choose (for the side-by-side
// comparison of the two masking methods).
Matrix otherMethodWeights(const Trace& trace, int head);
// One row of those (query `row`), from one block of rows.
RowVector otherMethodWeightsRow(const Trace& trace, int head, Eigen::Index row);

} // namespace ae
