#include "Tokenizer.h"

#include "Gpt2Tokenizer.h"
#include "TokenDisplay.h"
#include "Vocabulary.h"
#include "WordsTokenizer.h"

namespace ae {

TokenizedTexts Tokenizer::encode(const std::vector<std::string_view>& texts) const
{
    TokenizedTexts out;
    for (const auto text : texts)
        out.tokens.push_back(tokenize(text));
    const Vocabulary vocabulary(out.tokens);
    for (const auto& tokens : out.tokens)
        out.ids.push_back(vocabulary.idsOf(tokens));
    out.vocabulary = vocabulary.tokens();
    return out;
}

std::string Tokenizer::tokenBytes(std::int64_t) const
{
    return {};
}

std::string Tokenizer::decode(const std::vector<std::int64_t>& ids,
                              const std::vector<std::string>& vocabulary) const
{
    std::string text;
    for (const std::int64_t id : ids) {
        if (hasFixedVocabulary()) {
            text += tokenBytes(id);
        } else if (id >= 0 && std::size_t(id) < vocabulary.size()) {
            if (!text.empty())
                text += ' ';
            text += vocabulary[std::size_t(id)];
        }
    }
    return text;
}

std::string Tokenizer::displayToken(std::string_view text, std::int64_t id) const
{
    if (!hasFixedVocabulary())
        return displayTokenText(text);
    return displayTokenText(tokenBytes(id));
}

std::optional<PieceMerges> Tokenizer::mergesAt(std::string_view, std::size_t, std::size_t) const
{
    return std::nullopt;
}

const std::vector<const Tokenizer*>& tokenizers()
{
    static const WordsTokenizer words(TokenizerKind::Words);
    static const WordsTokenizer cjk(TokenizerKind::CjkChars);
    static const Gpt2Tokenizer gpt2;
    static const std::vector<const Tokenizer*> all{&words, &cjk, &gpt2};
    return all;
}

const Tokenizer& tokenizerFor(TokenizerKind kind)
{
    for (const Tokenizer* t : tokenizers())
        if (t->kind() == kind)
            return *t;
    return *tokenizers().front(); // every kind is registered (tst_tokenizerregistry)
}

const Tokenizer* findTokenizer(std::string_view id)
{
    for (const Tokenizer* t : tokenizers())
        if (t->id() == id)
            return t;
    return nullptr;
}

std::vector<std::string> tokenize(std::string_view text, TokenizerKind kind)
{
    return tokenizerFor(kind).tokenize(text);
}

TokenizedTexts tokenizeWithIds(const std::vector<std::string_view>& texts, TokenizerKind kind)
{
    return tokenizerFor(kind).encode(texts);
}

} // namespace ae
