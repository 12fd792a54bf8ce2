#include "AddedTokens.h"

#include <algorithm>

namespace ae {

void AddedTokens::add(Token token)
{
    if (token.content.empty())
        return; // matches nowhere; Hugging Face ignores it too
    const auto first = static_cast<unsigned char>(token.content.front());
    m_byId[token.id] = m_tokens.size(); // a repeated id: the later content, as in a map
    m_tokens.push_back(std::move(token));
    auto& bucket = m_byFirstByte[first];
    bucket.push_back(m_tokens.size() - 1);
    std::stable_sort(bucket.begin(), bucket.end(), [this](std::size_t a, std::size_t b) {
        return m_tokens[a].content.size() > m_tokens[b].content.size();
    });
}

const std::string* AddedTokens::contentOf(std::int64_t id) const
{
    const auto it = m_byId.find(id);
    return it == m_byId.end() ? nullptr : &m_tokens[it->second].content;
}

std::int64_t AddedTokens::idOf(std::string_view content) const
{
    for (const Token& token : m_tokens)
        if (token.content == content)
            return token.id;
    return -1;
}

std::vector<AddedTokens::Segment> AddedTokens::split(std::string_view text) const
{
    std::vector<Segment> segments;
    std::size_t plainStart = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const Token* found = nullptr;
        for (const std::size_t index : m_byFirstByte[static_cast<unsigned char>(text[pos])]) {
            const Token& token = m_tokens[index];
            if (text.compare(pos, token.content.size(), token.content) == 0) {
                found = &token;
                break;
            }
        }
        if (!found) {
            ++pos;
            continue;
        }
        if (pos > plainStart)
            segments.push_back({text.substr(plainStart, pos - plainStart), -1});
        segments.push_back({text.substr(pos, found->content.size()), found->id});
        pos += found->content.size();
        plainStart = pos;
    }
    if (plainStart < text.size())
        segments.push_back({text.substr(plainStart), -1});
    return segments;
}

} // namespace ae
