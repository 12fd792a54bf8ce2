#pragma once

#include "PieceMerges.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

enum class TokenizerKind
{
    Words,    // spec §2: punctuation (P*) becomes a space, then split on white space
    CjkChars, // as Words, and every CJK ideograph is a token of its own
    Gpt2,     // GPT-2's byte-pair encoding (Gpt2Encoding.h): ids are fixed, not from a Vocabulary
    HfJson,   // a model's own tokenizer.json (HfTokenizer.h): per model, not in tokenizers()
};

// The tokens and their ids. Tokenizers without a fixed vocabulary number the distinct tokens of
// all the texts in sorted order (Vocabulary); one with a fixed vocabulary gives its own ids and
// an empty vocabulary (its tokens are not listed).
struct TokenizedTexts
{
    std::vector<std::vector<std::string>> tokens;
    std::vector<std::vector<std::int64_t>> ids;
    std::vector<std::string> vocabulary;
};

// One tokenizer the app offers (the session's "tokenizer" key). Views, controls, the command
// line and the validator ask these questions of the registry's entry, never which kind it is;
// adding a tokenizer is one class and one line in tokenizers(). The texts people read about a
// tokenizer (its title, what it does) are translated on the Qt side (core/session's
// TokenizerTexts.h).
class Tokenizer
{
public:
    virtual ~Tokenizer() = default;

    virtual TokenizerKind kind() const = 0;
    // The session file's value: "words", "cjk-chars", "gpt2".
    virtual std::string_view id() const = 0;

    // Ids of a fixed vocabulary of this many tokens, whatever the text (an embedding table
    // needs that many rows); 0 when the vocabulary is the texts' own distinct tokens.
    virtual std::int64_t fixedVocabularySize() const { return 0; }
    bool hasFixedVocabulary() const { return fixedVocabularySize() > 0; }
    // Every byte of the text is in some token (byte-level): a tab, a zero-width space or a
    // control character is a token like any other, and the rules that refuse invisible or
    // control characters in a word do not apply.
    virtual bool keepsEveryByte() const { return false; }

    // The text's tokens, UTF-8 (case is kept). A fixed-vocabulary token may hold part of a
    // character: its bytes decoded with U+FFFD for the part, as Python's
    // bytes.decode("utf-8", "replace").
    virtual std::vector<std::string> tokenize(std::string_view text) const = 0;
    virtual TokenizedTexts encode(const std::vector<std::string_view>& texts) const;
    // The bytes of a fixed vocabulary's token, "" for an id outside it (and for a tokenizer
    // without a fixed vocabulary, whose ids depend on the texts).
    virtual std::string tokenBytes(std::int64_t id) const;
    // The text of `ids`: the tokens' bytes concatenated (fixed vocabulary), else the
    // vocabulary's tokens joined by spaces (the words tokenizer drops punctuation and spacing).
    std::string decode(const std::vector<std::int64_t>& ids,
                       const std::vector<std::string>& vocabulary = {}) const;

    // A token as every view writes it (displayTokenText, TokenDisplay.h: "␣cat", "⏎",
    // "<E4 BD>"): its bytes when the vocabulary is fixed, else `text`.
    std::string displayToken(std::string_view text, std::int64_t id) const;

    // How the token starting at `byteOffset` of `text` was merged from bytes, at most
    // `maxSteps` merges kept; nothing for a tokenizer that does not merge, or an offset
    // outside the text.
    virtual std::optional<PieceMerges> mergesAt(std::string_view text, std::size_t byteOffset,
                                                std::size_t maxSteps) const;

    // The same tokenization in Python, one line each (the walkthrough's code; the sentence is
    // `sentence`), or nothing when the article's own lines say it.
    virtual std::vector<std::string> referenceCode() const { return {}; }
    // Milliseconds the vocabulary took to load on first use (0 without one); for --benchmark.
    virtual double vocabularyLoadMs() const { return 0; }

protected:
    Tokenizer() = default;
    Tokenizer(const Tokenizer&) = delete;
    Tokenizer& operator=(const Tokenizer&) = delete;
};

// Every tokenizer, in the order the window offers them.
const std::vector<const Tokenizer*>& tokenizers();
const Tokenizer& tokenizerFor(TokenizerKind kind);
// The tokenizer a session file's "tokenizer" value names, or null.
const Tokenizer* findTokenizer(std::string_view id);

// Shorthands for tokenizerFor(kind).tokenize(text) / .encode(texts).
std::vector<std::string> tokenize(std::string_view text, TokenizerKind kind = TokenizerKind::Words);
TokenizedTexts tokenizeWithIds(const std::vector<std::string_view>& texts, TokenizerKind kind);

} // namespace ae
