#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ae {

// The sorted set of distinct tokens (spec §2). UTF-8 byte order is code-point order,
// which is Python's sorted() on str, so std::string's ordering is the reference's.
class Vocabulary
{
public:
    Vocabulary() = default;
    explicit Vocabulary(const std::vector<std::vector<std::string>>& tokenLists);

    const std::vector<std::string>& tokens() const { return m_tokens; }
    std::int64_t size() const { return static_cast<std::int64_t>(m_tokens.size()); }
    std::int64_t idOf(const std::string& token) const; // -1 when absent
    std::vector<std::int64_t> idsOf(const std::vector<std::string>& tokens) const;

private:
    std::vector<std::string> m_tokens;
};

} // namespace ae
