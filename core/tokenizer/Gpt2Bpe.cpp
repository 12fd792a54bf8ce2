#include "Gpt2Bpe.h"

#include "Gpt2Vocab.h"

#include <limits>

namespace ae {

namespace {

constexpr std::int64_t NoRank = std::numeric_limits<std::int64_t>::max();

struct Part
{
    std::size_t start;
    std::int64_t pairRank; // rank of this part joined with the next one, NoRank if none
};

// Byte-pair merging as tiktoken does it: parts start as single bytes; repeatedly the adjacent
// pair whose joined bytes have the lowest rank is merged (leftmost on a tie), until no joined
// pair is a token. Only the two pair ranks next to a merge change, so each step is one scan.
// onMerge(index, parts) is called after each merge of parts[index] with parts[index + 1].
template <typename OnMerge>
std::vector<Part> merge(std::string_view piece, const Gpt2Vocab& vocab, OnMerge&& onMerge)
{
    std::vector<Part> parts;
    parts.reserve(piece.size() + 1);
    for (std::size_t i = 0; i <= piece.size(); ++i)
        parts.push_back({i, NoRank});
    // rank of parts[i] joined with parts[i + 1]
    const auto rankAt = [&](std::size_t i) -> std::int64_t {
        if (i + 2 >= parts.size())
            return NoRank;
        const std::int64_t rank =
            vocab.rankOf(piece.substr(parts[i].start, parts[i + 2].start - parts[i].start));
        return rank < 0 ? NoRank : rank;
    };
    for (std::size_t i = 0; i + 2 < parts.size(); ++i)
        parts[i].pairRank = rankAt(i);
    while (parts.size() > 2) {
        std::size_t best = 0;
        std::int64_t bestRank = NoRank;
        for (std::size_t i = 0; i + 1 < parts.size(); ++i)
            if (parts[i].pairRank < bestRank)
                bestRank = parts[i].pairRank, best = i;
        if (bestRank == NoRank)
            break;
        parts.erase(parts.begin() + std::ptrdiff_t(best) + 1);
        parts[best].pairRank = rankAt(best);
        if (best > 0)
            parts[best - 1].pairRank = rankAt(best - 1);
        onMerge(best, bestRank, parts);
    }
    return parts;
}

std::vector<std::int64_t> tokensOf(std::string_view piece, const std::vector<Part>& parts,
                                   const Gpt2Vocab& vocab)
{
    std::vector<std::int64_t> tokens;
    tokens.reserve(parts.size() - 1);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i)
        tokens.push_back(
            vocab.rankOf(piece.substr(parts[i].start, parts[i + 1].start - parts[i].start)));
    return tokens;
}

} // namespace

std::vector<std::int64_t> gpt2BpePiece(std::string_view piece, const Gpt2Vocab& vocab)
{
    if (piece.empty())
        return {};
    if (const std::int64_t whole = vocab.rankOf(piece); whole >= 0)
        return {whole};
    const auto parts =
        merge(piece, vocab, [](std::size_t, std::int64_t, const std::vector<Part>&) {});
    return tokensOf(piece, parts, vocab);
}

std::vector<BpeStep> gpt2BpeSteps(std::string_view piece, const Gpt2Vocab& vocab)
{
    std::vector<BpeStep> steps;
    if (piece.empty())
        return steps;
    std::vector<Part> bytes;
    for (std::size_t i = 0; i <= piece.size(); ++i)
        bytes.push_back({i, NoRank});
    steps.push_back({tokensOf(piece, bytes, vocab), 0, -1});
    merge(piece, vocab, [&](std::size_t at, std::int64_t rank, const std::vector<Part>& parts) {
        steps.push_back({tokensOf(piece, parts, vocab), at, rank});
    });
    return steps;
}

} // namespace ae
