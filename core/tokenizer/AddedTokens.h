#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ae {

// A tokenizer.json's added tokens (special ones such as <|begin_of_text|>, and others such as
// Qwen's <think>): found in the raw text before anything else, as Hugging Face tokenizers'
// AddedVocabulary does (leftmost match first; of those starting there, the longest), whether
// or not special tokens are to be added, since that flag only governs the post-processor.
class AddedTokens
{
public:
    struct Token
    {
        std::string content;
        std::int64_t id = -1;
        bool special = false;
    };
    // A stretch of the text: an added token (id >= 0), or text between them (id -1).
    struct Segment
    {
        std::string_view text; // a view into the split text
        std::int64_t id = -1;
    };

    void add(Token token);
    const std::vector<Token>& tokens() const { return m_tokens; }
    // The content of added token `id`, or null.
    const std::string* contentOf(std::int64_t id) const;
    // The id of the added token whose content is exactly `content`, or -1.
    std::int64_t idOf(std::string_view content) const;

    // The text cut at the added tokens; empty stretches between them are left out.
    std::vector<Segment> split(std::string_view text) const;

private:
    std::vector<Token> m_tokens;
    std::unordered_map<std::int64_t, std::size_t> m_byId; // id -> index in m_tokens
    // Indices into m_tokens per first byte, longest content first: a text position is tried
    // only against the tokens that can start there (Llama 3's 256 all start with '<').
    std::vector<std::vector<std::size_t>> m_byFirstByte =
        std::vector<std::vector<std::size_t>>(256);
};

} // namespace ae
