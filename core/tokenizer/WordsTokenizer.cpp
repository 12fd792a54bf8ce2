#include "WordsTokenizer.h"

#include "UnicodeTables.h"
#include "Utf8.h"

namespace ae {

std::string_view WordsTokenizer::id() const
{
    return m_kind == TokenizerKind::CjkChars ? "cjk-chars" : "words";
}

std::vector<std::string> WordsTokenizer::tokenize(std::string_view text) const
{
    const bool cjk = m_kind == TokenizerKind::CjkChars;
    std::vector<std::string> tokens;
    std::string current;
    auto flush = [&] {
        if (!current.empty())
            tokens.push_back(std::move(current));
        current.clear();
    };
    for (std::size_t pos = 0; pos < text.size();) {
        const char32_t cp = utf8::next(text, pos);
        if (unicode::isPunctuation(cp) || unicode::isWhiteSpace(cp)) {
            flush();
        } else if (cjk && unicode::isCjkIdeograph(cp)) {
            flush();
            utf8::append(current, cp);
            flush();
        } else {
            utf8::append(current, cp);
        }
    }
    flush();
    return tokens;
}

} // namespace ae
