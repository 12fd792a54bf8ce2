#pragma once

#include "Arithmetic.h"
#include "Matrix.h"
#include "Session.h"

namespace ae {

struct HeadTrace;

struct HeadOptions
{
    float scoreDivisor = 1;  // sqrt(dk), or 1 for simplified attention
    bool causal = false;
    MaskMethod maskMethod = MaskMethod::NegInf;
    const Matrix* keepMask = nullptr; // dropout: 1 = kept (T x S); null when dropout is off
    float dropoutScale = 1;           // 1 / (1 - p), as float, as PyTorch's noise.div_
    bool compareMaskMethods = false;  // causal: also run the other method, record max |diff|
    Arithmetic arithmetic = Arithmetic::Fast;
};

// Scaled dot-product attention for one head.
// queries (T, dk), keys (S, dk), values (S, dv) -> head.attnScores (T, S),
// head.attnWeights (T, S), [head.dropoutMask, head.attnWeightsDropped (T, S)],
// head.contextVec (T, dv), head.maskMethodsMaxDiff.
// pass 1: scores = queries · keysᵀ (all T x S cells: the raw scores are shown even where
//         a causal mask hides them);
// pass 2: row i: softmax(scores / divisor) over its visible cells (causal: j <= i), by the
//         session's mask method; optionally the other method too, for the comparison;
// pass 3: dropout: weights * keep * 1/(1-p);
// pass 4: context = weights · values.
void attendHead(const Matrix& queries, const Matrix& keys, const Matrix& values,
                const HeadOptions& options, HeadTrace& head);

} // namespace ae
