#include "Vocabulary.h"

#include <algorithm>

namespace ae {

Vocabulary::Vocabulary(const std::vector<std::vector<std::string>>& tokenLists)
{
    for (const auto& list : tokenLists)
        m_tokens.insert(m_tokens.end(), list.begin(), list.end());
    std::sort(m_tokens.begin(), m_tokens.end());
    m_tokens.erase(std::unique(m_tokens.begin(), m_tokens.end()), m_tokens.end());
}

std::int64_t Vocabulary::idOf(const std::string& token) const
{
    const auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), token);
    return (it != m_tokens.end() && *it == token) ? it - m_tokens.begin() : -1;
}

std::vector<std::int64_t> Vocabulary::idsOf(const std::vector<std::string>& tokens) const
{
    std::vector<std::int64_t> ids;
    ids.reserve(tokens.size());
    for (const auto& token : tokens)
        ids.push_back(idOf(token));
    return ids;
}

} // namespace ae
