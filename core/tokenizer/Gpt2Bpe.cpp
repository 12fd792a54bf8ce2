#include "Gpt2Bpe.h"

#include "Gpt2Vocab.h"

#include <algorithm>
#include <functional>
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
// pair is a token. Only the two pair ranks next to a merge change, so each step is one scan:
// O(n²) for a piece of n bytes, kept for gpt2BpeSteps() (which shows every step) and as the
// plain reference the tests hold mergeWithHeap() to. onMerge(index, rank, parts) is called
// after each merge of parts[index] with parts[index + 1]; merging stops when it returns false.
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
        if (!onMerge(best, bestRank, parts))
            break;
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

// Byte-pair merging in O(n log n) (issue 23: 32,768 CJK characters, one 98 KB piece, took
// seconds with merge()'s scan per step): the same merges as merge() above, lowest rank first and
// leftmost on a tie. The parts are a linked list over the piece's bytes, the candidate pairs a
// min-heap ordered by (rank, start). A merge changes only the pairs on either side of it; their
// old entries stay in the heap and are skipped when popped: an entry is current exactly when its
// left part still exists and the pair still ends where it did (the same bytes, the same rank).
std::vector<std::int64_t> mergeWithHeap(std::string_view piece, const Gpt2Vocab& vocab)
{
    const std::size_t n = piece.size();
    // Part i (alive while `alive[i]`) is bytes [i, next[i]); next[i] == n for the last part.
    std::vector<std::size_t> next(n), prev(n);
    std::vector<char> alive(n, 1);
    for (std::size_t i = 0; i < n; ++i) {
        next[i] = i + 1;
        prev[i] = i - 1; // wraps for i == 0: never read, the first part has no previous one
    }
    struct Candidate
    {
        std::int64_t rank;
        std::size_t start, end; // the pair's bytes [start, end)
        bool operator>(const Candidate& o) const
        {
            return rank != o.rank ? rank > o.rank : start > o.start;
        }
    };
    std::vector<Candidate> heap;
    heap.reserve(n);
    const auto push = [&](std::size_t start) {
        const std::size_t right = next[start];
        if (right >= n)
            return;
        const std::size_t end = next[right];
        const std::int64_t rank = vocab.rankOf(piece.substr(start, end - start));
        if (rank >= 0) {
            heap.push_back({rank, start, end});
            std::push_heap(heap.begin(), heap.end(), std::greater<>());
        }
    };
    for (std::size_t i = 0; i + 1 < n; ++i)
        if (const std::int64_t rank = vocab.rankOf(piece.substr(i, 2)); rank >= 0)
            heap.push_back({rank, i, i + 2});
    std::make_heap(heap.begin(), heap.end(), std::greater<>());
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), std::greater<>());
        const Candidate c = heap.back();
        heap.pop_back();
        if (!alive[c.start] || next[c.start] >= n || next[next[c.start]] != c.end)
            continue; // a merge next to it changed this pair since it was pushed
        const std::size_t right = next[c.start];
        alive[right] = 0;
        next[c.start] = c.end;
        if (c.end < n)
            prev[c.end] = c.start;
        push(c.start);
        if (c.start > 0)
            push(prev[c.start]);
    }
    std::vector<std::int64_t> tokens;
    for (std::size_t i = 0; i < n; i = next[i])
        tokens.push_back(vocab.rankOf(piece.substr(i, next[i] - i)));
    return tokens;
}

} // namespace

std::vector<std::int64_t> gpt2BpePiece(std::string_view piece, const Gpt2Vocab& vocab)
{
    if (piece.empty())
        return {};
    if (const std::int64_t whole = vocab.rankOf(piece); whole >= 0)
        return {whole};
    return mergeWithHeap(piece, vocab);
}

std::vector<BpeStep> gpt2BpeSteps(std::string_view piece, const Gpt2Vocab& vocab,
                                  std::size_t maxSteps)
{
    std::vector<BpeStep> steps;
    if (piece.empty())
        return steps;
    std::vector<Part> bytes;
    for (std::size_t i = 0; i <= piece.size(); ++i)
        bytes.push_back({i, NoRank});
    steps.push_back({tokensOf(piece, bytes, vocab), 0, -1});
    if (maxSteps == 0)
        return steps;
    merge(piece, vocab, [&](std::size_t at, std::int64_t rank, const std::vector<Part>& parts) {
        steps.push_back({tokensOf(piece, parts, vocab), at, rank});
        return steps.size() <= maxSteps;
    });
    return steps;
}

std::vector<std::int64_t> gpt2BpeMerged(std::string_view piece, const Gpt2Vocab& vocab)
{
    return piece.empty() ? std::vector<std::int64_t>{} : mergeWithHeap(piece, vocab);
}

} // namespace ae
