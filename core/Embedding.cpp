#include "Embedding.h"

#include "TorchGenerator.h"

#include <algorithm>
#include <vector>

namespace ae {

Matrix torchEmbeddingRows(std::uint64_t seed, std::int64_t vocabSize, int dim,
                          std::span<const std::int64_t> ids, CpuCapability capability)
{
    std::vector<std::int64_t> distinct(ids.begin(), ids.end());
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());

    TorchGenerator gen(seed, capability);
    const Matrix rows = gen.normalRows(vocabSize, dim, distinct, 0.0f, 1.0f);

    Matrix result(static_cast<Eigen::Index>(ids.size()), dim);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto k = std::lower_bound(distinct.begin(), distinct.end(), ids[i]) - distinct.begin();
        result.row(static_cast<Eigen::Index>(i)) = rows.row(k);
    }
    return result;
}

} // namespace ae
