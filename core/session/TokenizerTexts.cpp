#include "TokenizerTexts.h"

#include "Tokenizer.h"

#include <QCoreApplication>

namespace ae {

namespace {

struct TokenizerTexts
{
    Q_DECLARE_TR_FUNCTIONS(TokenizerTexts)
};

} // namespace

QString tokenizerTitle(const Tokenizer& tokenizer)
{
    switch (tokenizer.kind()) {
    case TokenizerKind::Words:
        return TokenizerTexts::tr("Words");
    case TokenizerKind::CjkChars:
        return TokenizerTexts::tr("Words, and each CJK character");
    case TokenizerKind::Gpt2:
        return TokenizerTexts::tr("GPT-2 byte-pair encoding");
    case TokenizerKind::HfJson:
        break; // a model's own tokenizer: the model names it
    }
    return QString::fromLatin1(tokenizer.id());
}

QString tokenizerExplanation(const Tokenizer& tokenizer)
{
    switch (tokenizer.kind()) {
    case TokenizerKind::Words:
    case TokenizerKind::CjkChars:
        return TokenizerTexts::tr(
            "The tokenizer turns punctuation into spaces and splits on white space (case is "
            "kept). The vocabulary is the sorted set of distinct tokens; a token's id is its "
            "place in that list, as in the article's dc = {s: i for i, s in "
            "enumerate(sorted(...))}.");
    case TokenizerKind::Gpt2:
        return TokenizerTexts::tr(
            "GPT-2's tokenizer (byte-pair encoding, as tiktoken.get_encoding(\"gpt2\")): the "
            "text is cut into words, spaces and punctuation, each piece into its UTF-8 bytes, "
            "and neighbouring tokens are merged by 50,000 learned rules in rank order. Every id "
            "is fixed in a vocabulary of 50,257 tokens; ␣ is a space, <E4 BD> bytes of a "
            "character split between tokens. Click a token to see its merges.");
    case TokenizerKind::HfJson:
        return TokenizerTexts::tr(
            "The model's own tokenizer, read from its tokenizer.json as Hugging Face's "
            "tokenizers library runs it: special tokens written in the text are found first, "
            "the rest is cut by the file's pattern into words, spaces and punctuation, each "
            "piece into its UTF-8 bytes, and neighbouring tokens are merged by the file's ranked "
            "rules; a template may add a token at the start (a BOS). ␣ is a space. Click a "
            "token to see its merges.");
    }
    return {};
}

} // namespace ae
