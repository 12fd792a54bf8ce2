#include "Tokenizer.h"

#include "Gpt2Encoding.h"
#include "UnicodeTables.h"
#include "Utf8.h"
#include "Vocabulary.h"

namespace ae {

namespace {

std::vector<std::string> gpt2Texts(const std::vector<std::int64_t>& ids)
{
    std::vector<std::string> tokens;
    tokens.reserve(ids.size());
    for (const std::int64_t id : ids)
        tokens.push_back(gpt2TokenText(id));
    return tokens;
}

} // namespace

TokenizedTexts tokenizeWithIds(const std::vector<std::string_view>& texts, TokenizerKind kind)
{
    TokenizedTexts out;
    if (kind == TokenizerKind::Gpt2) {
        for (const auto text : texts) {
            out.ids.push_back(gpt2Encode(text));
            out.tokens.push_back(gpt2Texts(out.ids.back()));
        }
        return out;
    }
    for (const auto text : texts)
        out.tokens.push_back(tokenize(text, kind));
    const Vocabulary vocabulary(out.tokens);
    for (const auto& tokens : out.tokens)
        out.ids.push_back(vocabulary.idsOf(tokens));
    out.vocabulary = vocabulary.tokens();
    return out;
}

std::vector<std::string> tokenize(std::string_view text, TokenizerKind kind)
{
    if (kind == TokenizerKind::Gpt2)
        return gpt2Texts(gpt2Encode(text));
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
