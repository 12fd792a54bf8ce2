#pragma once

#include "MergeTable.h"
#include "PieceMerges.h"
#include "TokenIndex.h"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ae {

// A tokenizer.json's byte-level BPE model: the vocabulary (token -> id) and the ranked merges,
// as Hugging Face tokenizers' BPE runs them on a pre-token's bytes. Tokens are held as the
// bytes they stand for (the file writes them in GPT-2's byte alphabet, ByteLevelAlphabet.h).
// Built once per tokenizer, then read-only and shared between threads.
class BpeModel
{
public:
    // Vocabulary entries in the file's spelling (byte alphabet). An entry with a character
    // outside the alphabet cannot come out of merging bytes; it keeps its id and its text.
    // `id` must be below 2^31 (the caller bounds it by the vocabulary's size).
    void addToken(std::string_view spelling, std::int64_t id);
    // Merge number `rank` joins `left` and `right` (file spellings). Returns "" when done, else
    // what is wrong (a side or the joined token not in the vocabulary).
    std::string addMerge(std::string_view left, std::string_view right, std::int64_t rank);
    // Room for this many tokens and merges (the file says how many), so loading does not rehash.
    void reserve(std::size_t tokens, std::size_t merges);
    void setIgnoreMerges(bool ignore) { m_ignoreMerges = ignore; }
    bool ignoresMerges() const { return m_ignoreMerges; }
    void setUnknownId(std::int64_t id) { m_unknownId = id; }

    // The ids of one pre-token (its bytes, not the byte alphabet), appended to `ids`: the whole
    // piece when it is a token and ignore_merges is set; else its bytes, merged pair by pair,
    // the pair of lowest merge rank first (leftmost on a tie). Throws std::runtime_error
    // naming the piece when one of its bytes is no token and there is no unknown token.
    void encodePiece(std::string_view piece, std::vector<std::int64_t>& ids) const;

    // The tokens all merges end in, without the whole-piece lookup of ignore_merges.
    std::vector<std::int64_t> mergedTokens(std::string_view piece) const;
    // The same merges one step at a time, for showing how a piece is built: the plain O(n²)
    // scan, its bytes and then at most `maxSteps` merges (BpeStep::rank is the merge's rank,
    // its index in the file's merges).
    std::vector<BpeStep>
    mergeSteps(std::string_view piece,
               std::size_t maxSteps = std::numeric_limits<std::size_t>::max()) const;
    // The id of a piece's bytes when they are one token, else -1.
    std::int64_t wholeToken(std::string_view piece) const { return idOfBytes(piece); }

    // The bytes token `id` stands for ("" outside the vocabulary).
    const std::string& bytesOf(std::int64_t id) const;
    // Whether the vocabulary has token `id` (ids may have gaps).
    bool hasId(std::int64_t id) const
    {
        return id >= 0 && id < idLimit() && m_present[static_cast<std::size_t>(id)];
    }
    // One past the largest id.
    std::int64_t idLimit() const { return static_cast<std::int64_t>(m_bytes.size()); }
    std::size_t tokenCount() const { return m_tokenCount; }
    std::size_t mergeCount() const { return m_merges.size(); }

private:
    void merge(std::string_view piece, std::vector<std::int64_t>& ids) const;
    std::vector<std::int64_t> byteTokens(std::string_view piece) const;
    std::int64_t idOfBytes(std::string_view bytes) const { return m_byBytes.find(bytes, m_bytes); }
    // The id of a spelling outside the byte alphabet, or -1.
    std::int64_t idOfOtherSpelling(std::string_view spelling) const;

    std::vector<std::string> m_bytes; // id -> bytes
    std::vector<char> m_present;      // id -> in the vocabulary
    TokenIndex m_byBytes;             // bytes -> id
    // Entries whose spelling is not in the byte alphabet, by spelling.
    std::unordered_map<std::string, std::int64_t> m_otherSpellings;
    MergeTable m_merges;
    std::array<std::int64_t, 256> m_byteIds = filledArray();
    std::size_t m_tokenCount = 0;
    bool m_ignoreMerges = false;
    std::int64_t m_unknownId = -1;

    static std::array<std::int64_t, 256> filledArray()
    {
        std::array<std::int64_t, 256> a{};
        a.fill(-1);
        return a;
    }
};

} // namespace ae
