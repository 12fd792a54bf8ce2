#include "Embedding.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace ae {

namespace {

// Rows `ids` of a (rows x dim) normal_ table drawn from `gen`, duplicates allowed.
Matrix tableRows(TorchGenerator& gen, std::int64_t rows, int dim, std::span<const std::int64_t> ids)
{
    std::vector<std::int64_t> distinct(ids.begin(), ids.end());
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    const Matrix drawn = gen.normalRows(rows, dim, distinct, 0.0f, 1.0f);
    Matrix result(static_cast<Eigen::Index>(ids.size()), dim);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto k =
            std::lower_bound(distinct.begin(), distinct.end(), ids[i]) - distinct.begin();
        result.row(static_cast<Eigen::Index>(i)) = drawn.row(k);
    }
    return result;
}

} // namespace

Matrix torchEmbeddingRows(std::uint64_t seed, std::int64_t vocabSize, int dim,
                          std::span<const std::int64_t> ids, CpuCapability capability)
{
    return torchEmbeddingTables(seed, vocabSize, dim, ids, 0, 0, capability).tokens;
}

EmbeddingTables torchEmbeddingTables(std::uint64_t seed, std::int64_t vocabSize, int dim,
                                     std::span<const std::int64_t> ids, std::int64_t contextLength,
                                     std::int64_t positionCount, CpuCapability capability)
{
    TorchGenerator gen(seed, capability);
    EmbeddingTables tables;
    if (vocabSize > 0)
        tables.tokens = tableRows(gen, vocabSize, dim, ids);
    if (contextLength > 0) {
        std::vector<std::int64_t> positions(static_cast<std::size_t>(positionCount));
        std::iota(positions.begin(), positions.end(), 0);
        tables.positions = tableRows(gen, contextLength, dim, positions);
    }
    return tables;
}

Matrix sinusoidalPositions(std::int64_t positionCount, int dim)
{
    Matrix table(positionCount, dim);
    const float step = static_cast<float>(-std::log(10000.0) / dim);
    for (int i = 0; 2 * i < dim; ++i) {
        const float frequency = std::exp(static_cast<float>(2 * i) * step);
        for (std::int64_t pos = 0; pos < positionCount; ++pos) {
            const float angle = static_cast<float>(pos) * frequency;
            table(pos, 2 * i) = std::sin(angle);
            if (2 * i + 1 < dim)
                table(pos, 2 * i + 1) = std::cos(angle);
        }
    }
    return table;
}

} // namespace ae
