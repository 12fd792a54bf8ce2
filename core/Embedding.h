#pragma once

#include "Matrix.h"
#include "TorchGenerator.h"

#include <cstdint>
#include <span>

namespace ae {

// torch.manual_seed(seed); nn.Embedding(vocabSize, dim)(ids): the table's weight is
// normal_(0, 1) over vocabSize x dim; only the rows asked for are materialised.
Matrix torchEmbeddingRows(std::uint64_t seed, std::int64_t vocabSize, int dim,
                          std::span<const std::int64_t> ids, CpuCapability capability);

} // namespace ae
