#pragma once

#include "Forward.h"
#include "Matrix.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace ae {

struct ModelTrace;
class TransformerModel;

// Every head's attention weights of a forward, shrunk for the model view: layer by layer,
// head by head (index layer · n_head + head). Each cell of a thumbnail is the largest weight of
// a square of rowsPerCell x rowsPerCell weights (so that a sharp one-token head stays visible at
// any T), rowsPerCell the least power of two that gives at most `side` cells a side
// (reducedViewBlock()); each
// thumbnail row is then divided by its own maximum, as the per-row colour scale does, so that
// row 900's weights (about 1/900 each) show where that query looks rather than white. A power
// of two changes only when T crosses side·2^k: with ceil(T / side), typing a token at 1,008 of
// 48 x 48 cells changed the cell size, and all 144 thumbnails were derived again.
//   heads[i] (n x n), n = ceil(T / rowsPerCell) <= side, values in [0, 1]
struct Thumbnails
{
    std::weak_ptr<const TransformerModel> model; // of the forward they show
    std::vector<std::int64_t> tokenIds;
    Eigen::Index rowsPerCell = 1;
    Eigen::Index keptCellRows = 0; // how many of each head's cell rows came from `previous`
    std::vector<Matrix> heads;
};

// What the model view asks every forward to reduce (transformerForward's `overview`): squares
// of reducedViewBlock(T, ThumbnailSide), the thumbnails' cells; attentionThumbnails() then
// only scales them when the trace has them.
std::optional<WeightsReduction> thumbnailWeightsReduction(Eigen::Index T, Eigen::Index S);
constexpr int ThumbnailSide = 64; // cells at most

// The thumbnails of `trace`: from the forward's overview when it has one of this cell size,
// else each head's weights derived block of rows by block of rows by the
// forward's kernel (forEachRowBlock) and pooled as they come: the heads' T x T weights never
// exist at full size. With `previous` (an earlier forward's thumbnails of the same model, same
// rowsPerCell) the cell rows whose weights lie in the common prefix of the two token sequences
// are kept: a causal model's rows before the first changed token are the same, so typing at the
// end of 1,024 tokens derives one block of rows per head, not 1,024. The heads run side by
// side on viewJobHelpers(). `stale` is asked before each head, from those threads: when it says
// yes (a newer forward arrived) the work stops and the result is empty.
Thumbnails attentionThumbnails(const ModelTrace& trace, int side,
                               const std::function<bool()>& stale = {},
                               const Thumbnails* previous = nullptr);

} // namespace ae
