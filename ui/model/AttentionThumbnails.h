#pragma once

#include "Matrix.h"

#include <functional>
#include <vector>

namespace ae {

struct ModelTrace;

// Every head's attention weights of a forward, shrunk for the model view: layer by layer,
// head by head (index layer · n_head + head). Each head's T x T weights are derived
// (layerAttnWeights), pooled to at most side x side cells by taking the largest weight of each
// block (so that a sharp one-token head stays visible at any T) and dropped again: the 144
// heads of GPT-2 small never coexist at full size. Each thumbnail row is then divided by its
// own maximum, as the per-row colour scale does, so that row 900's weights (about 1/900 each)
// show where that query looks rather than white.
//   thumbnail (min(T, side) x min(T, side)), values in [0, 1]
// `stale` is asked between heads: when it says yes (a newer forward arrived) the work stops and
// the result is empty.
std::vector<Matrix> attentionThumbnails(const ModelTrace& trace, int side,
                                        const std::function<bool()>& stale = {});

// weights (T x T) -> (n x n), n = min(T, side): the max of each block of rows and columns.
Matrix maxPooled(const Matrix& weights, int side);

} // namespace ae
