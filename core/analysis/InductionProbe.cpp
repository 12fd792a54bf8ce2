#include "InductionProbe.h"

#include "TorchGenerator.h"

namespace ae {

std::vector<std::int64_t> inductionProbe(std::int64_t vocabSize, int length, std::uint64_t seed,
                                         std::optional<std::int64_t> bos)
{
    TorchGenerator generator(seed);
    std::vector<std::int64_t> r;
    for (int i = 0; i < length; ++i)
        r.push_back(generator.randint(0, vocabSize));
    std::vector<std::int64_t> ids;
    if (bos)
        ids.push_back(*bos);
    ids.insert(ids.end(), r.begin(), r.end());
    ids.insert(ids.end(), r.begin(), r.end());
    return ids;
}

std::optional<std::int64_t> probeBos(std::int64_t vocabSize)
{
    if (vocabSize > EndOfTextId)
        return EndOfTextId;
    return std::nullopt;
}

} // namespace ae
