#pragma once

#include "ByteLevelAlphabet.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ae {

inline constexpr std::int64_t Gpt2VocabSize = 50257;
inline constexpr std::int64_t Gpt2EndOfText = 50256; // <|endoftext|>, a special token

// GPT-2's 50,257 tokens as byte strings (resources/gpt2/encoder.json, compiled in). A token's
// id is also its merge rank, as in tiktoken: bytes 0..255 come first, then one token per merge.
// Loaded once, on first use, and shared read-only between threads.
class Gpt2Vocab
{
public:
    static const Gpt2Vocab& instance();

    // Parses encoder.json's text (exposed for tests); throws std::runtime_error when malformed.
    explicit Gpt2Vocab(std::string_view encoderJson);
    // m_ranks views the strings of m_tokens: a move keeps them in place, a copy would not.
    Gpt2Vocab(const Gpt2Vocab&) = delete;
    Gpt2Vocab& operator=(const Gpt2Vocab&) = delete;
    Gpt2Vocab(Gpt2Vocab&&) = default;
    Gpt2Vocab& operator=(Gpt2Vocab&&) = default;

    // The rank (= id) of a mergeable byte string, or -1. <|endoftext|> is not mergeable.
    std::int64_t rankOf(std::string_view bytes) const
    {
        const auto it = m_ranks.find(bytes);
        return it == m_ranks.end() ? -1 : it->second;
    }
    const std::string& bytesOf(std::int64_t id) const
    {
        return m_tokens[static_cast<std::size_t>(id)];
    }
    std::int64_t size() const { return static_cast<std::int64_t>(m_tokens.size()); }
    double loadMs() const { return m_loadMs; }

private:
    std::vector<std::string> m_tokens;                          // id -> bytes
    std::unordered_map<std::string_view, std::int64_t> m_ranks; // views into m_tokens
    double m_loadMs = 0;
};

} // namespace ae
