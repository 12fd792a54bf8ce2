#include "Tokenizer.h"

#include "UnicodeTables.h"
#include "Utf8.h"

namespace ae {

std::vector<std::string> tokenize(std::string_view text, TokenizerKind kind)
{
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
        } else if (kind == TokenizerKind::CjkChars && unicode::isCjkIdeograph(cp)) {
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
