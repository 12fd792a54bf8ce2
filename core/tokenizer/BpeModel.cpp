#include "BpeModel.h"

#include "ByteLevelAlphabet.h"
#include "Utf8.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <stdexcept>

namespace ae {

namespace {

// The bytes a spelling in GPT-2's byte alphabet stands for, or nothing when a character of
// it is not in the alphabet.
std::optional<std::string> bytesOfSpelling(std::string_view spelling)
{
    std::string bytes;
    bytes.reserve(spelling.size());
    for (std::size_t pos = 0; pos < spelling.size();) {
        const int byte = gpt2UnicodeToByte(utf8::next(spelling, pos));
        if (byte < 0)
            return std::nullopt;
        bytes += static_cast<char>(byte);
    }
    return bytes;
}

const std::string& emptyString()
{
    static const std::string empty;
    return empty;
}

} // namespace

void BpeModel::addToken(std::string_view spelling, std::int64_t id)
{
    if (id < 0 || id > INT32_MAX)
        throw std::runtime_error("id " + std::to_string(id) + " is out of range");
    if (id >= idLimit()) {
        m_bytes.resize(static_cast<std::size_t>(id) + 1);
        m_present.resize(m_bytes.size());
    }
    m_present[static_cast<std::size_t>(id)] = 1;
    ++m_tokenCount;
    if (auto bytes = bytesOfSpelling(spelling)) {
        m_bytes[static_cast<std::size_t>(id)] = std::move(*bytes);
        const std::string& stored = m_bytes[static_cast<std::size_t>(id)];
        if (stored.size() == 1)
            m_byteIds[static_cast<unsigned char>(stored.front())] = id;
        m_byBytes.insert(static_cast<std::int32_t>(id), m_bytes);
    } else {
        m_bytes[static_cast<std::size_t>(id)] = std::string(spelling);
        m_otherSpellings.emplace(std::string(spelling), id);
    }
}

void BpeModel::reserve(std::size_t tokens, std::size_t merges)
{
    m_byBytes.reserve(tokens);
    m_merges.reserve(merges);
}

std::int64_t BpeModel::idOfOtherSpelling(std::string_view spelling) const
{
    const auto it = m_otherSpellings.find(std::string(spelling));
    return it == m_otherSpellings.end() ? -1 : it->second;
}

std::string BpeModel::addMerge(std::string_view left, std::string_view right, std::int64_t rank)
{
    // Each side and the joined token, by bytes when the spellings are in the byte alphabet
    // (always, in a byte-level file), else by spelling.
    const auto leftBytes = bytesOfSpelling(left);
    const auto rightBytes = bytesOfSpelling(right);
    const std::int64_t leftId = leftBytes ? idOfBytes(*leftBytes) : idOfOtherSpelling(left);
    if (leftId < 0)
        return '"' + std::string(left) + "\" is not in model.vocab";
    const std::int64_t rightId = rightBytes ? idOfBytes(*rightBytes) : idOfOtherSpelling(right);
    if (rightId < 0)
        return '"' + std::string(right) + "\" is not in model.vocab";
    const std::int64_t merged = leftBytes && rightBytes
                                    ? idOfBytes(*leftBytes + *rightBytes)
                                    : idOfOtherSpelling(std::string(left) + std::string(right));
    if (merged < 0)
        return '"' + std::string(left) + std::string(right) +
               "\" (the merged token) is not in model.vocab";
    // A repeated pair: the later entry wins, as in Hugging Face's map built from the list.
    m_merges.set(leftId, rightId,
                 {static_cast<std::int32_t>(rank), static_cast<std::int32_t>(merged)});
    return {};
}

const std::string& BpeModel::bytesOf(std::int64_t id) const
{
    return id >= 0 && id < idLimit() ? m_bytes[static_cast<std::size_t>(id)] : emptyString();
}

void BpeModel::encodePiece(std::string_view piece, std::vector<std::int64_t>& ids) const
{
    if (piece.empty())
        return;
    if (m_ignoreMerges)
        if (const std::int64_t whole = idOfBytes(piece); whole >= 0) {
            ids.push_back(whole);
            return;
        }
    merge(piece, ids);
}

std::vector<std::int64_t> BpeModel::mergedTokens(std::string_view piece) const
{
    std::vector<std::int64_t> ids;
    merge(piece, ids);
    return ids;
}

std::vector<std::int64_t> BpeModel::byteTokens(std::string_view piece) const
{
    std::vector<std::int64_t> symbols(piece.size());
    for (std::size_t i = 0; i < piece.size(); ++i) {
        symbols[i] = m_byteIds[static_cast<unsigned char>(piece[i])];
        if (symbols[i] < 0) {
            if (m_unknownId < 0)
                throw std::runtime_error("the piece \"" + std::string(piece) + "\" has byte " +
                                         std::to_string(static_cast<unsigned char>(piece[i])) +
                                         ", which is no token of the vocabulary");
            symbols[i] = m_unknownId;
        }
    }
    return symbols;
}

std::vector<BpeStep> BpeModel::mergeSteps(std::string_view piece, std::size_t maxSteps) const
{
    std::vector<BpeStep> steps;
    if (piece.empty())
        return steps;
    std::vector<std::int64_t> tokens = byteTokens(piece);
    steps.push_back({tokens, 0, -1});
    while (steps.size() <= maxSteps) {
        // The adjacent pair of lowest rank, leftmost on a tie: the heap's order in merge().
        const MergeTable::Merge* best = nullptr;
        std::size_t at = 0;
        for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
            const MergeTable::Merge* m = m_merges.find(tokens[i], tokens[i + 1]);
            if (m && (!best || m->rank < best->rank))
                best = m, at = i;
        }
        if (!best)
            break;
        tokens[at] = best->merged;
        tokens.erase(tokens.begin() + std::ptrdiff_t(at) + 1);
        steps.push_back({tokens, at, best->rank});
    }
    return steps;
}

void BpeModel::merge(std::string_view piece, std::vector<std::int64_t>& ids) const
{
    if (piece.empty())
        return;
    // The symbols are a linked list over the piece's bytes: symbol i (alive while alive[i])
    // covers bytes [i, next[i]) and is token symbol[i]. Candidate merges wait in a min-heap
    // ordered by (rank, start); a merge changes only the pairs on either side of it, and an
    // entry whose pair changed since it was pushed is skipped when popped (its left symbol
    // is gone, or its right symbol no longer ends where it did).
    const std::size_t n = piece.size();
    std::vector<std::size_t> next(n), prev(n);
    std::vector<std::int64_t> symbol = byteTokens(piece);
    std::vector<char> alive(n, 1);
    for (std::size_t i = 0; i < n; ++i) {
        next[i] = i + 1;
        prev[i] = i - 1; // wraps for i == 0: never read
    }
    struct Candidate
    {
        std::int32_t rank;
        std::int32_t merged;
        std::size_t start, end; // the pair's bytes [start, end)
        bool operator>(const Candidate& o) const
        {
            return rank != o.rank ? rank > o.rank : start > o.start;
        }
    };
    std::vector<Candidate> heap;
    heap.reserve(n);
    const auto candidate = [&](std::size_t start) -> std::optional<Candidate> {
        const std::size_t right = next[start];
        if (right >= n)
            return std::nullopt;
        const MergeTable::Merge* merge = m_merges.find(symbol[start], symbol[right]);
        if (!merge)
            return std::nullopt;
        return Candidate{merge->rank, merge->merged, start, next[right]};
    };
    for (std::size_t i = 0; i + 1 < n; ++i)
        if (const auto c = candidate(i))
            heap.push_back(*c);
    std::make_heap(heap.begin(), heap.end(), std::greater<>());
    const auto push = [&](std::size_t start) {
        if (const auto c = candidate(start)) {
            heap.push_back(*c);
            std::push_heap(heap.begin(), heap.end(), std::greater<>());
        }
    };
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), std::greater<>());
        const Candidate c = heap.back();
        heap.pop_back();
        if (!alive[c.start] || next[c.start] >= n || next[next[c.start]] != c.end)
            continue;
        alive[next[c.start]] = 0;
        next[c.start] = c.end;
        if (c.end < n)
            prev[c.end] = c.start;
        symbol[c.start] = c.merged;
        push(c.start);
        if (c.start > 0)
            push(prev[c.start]);
    }
    for (std::size_t i = 0; i < n; i = next[i])
        ids.push_back(symbol[i]);
}

} // namespace ae
