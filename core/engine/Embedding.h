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

struct EmbeddingTables
{
    Matrix tokens;    // one row per id (empty when no token table was drawn)
    Matrix positions; // rows 0 .. positionCount-1 of the position table (empty without one)
};

// The book's chapter 2: torch.manual_seed(seed); token table nn.Embedding(vocabSize, dim)
// (skipped when vocabSize is 0: manual embeddings); then, in the same stream, the learned
// position table nn.Embedding(contextLength, dim) (skipped when contextLength is 0), of
// which the first positionCount rows are returned.
EmbeddingTables torchEmbeddingTables(std::uint64_t seed, std::int64_t vocabSize, int dim,
                                     std::span<const std::int64_t> ids, std::int64_t contextLength,
                                     std::int64_t positionCount, CpuCapability capability);

// The original Transformer's fixed positions, as the PyTorch tutorial computes them in
// float32: angle = pos * exp(2i * (-ln 10000 / dim)); column 2i is sin, 2i + 1 is cos.
Matrix sinusoidalPositions(std::int64_t positionCount, int dim);

} // namespace ae
