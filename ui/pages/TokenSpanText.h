#pragma once

#include <QString>

#include <cstdint>
#include <string_view>
#include <vector>

namespace ae {

class Tokenizer;

// How the Tokens page writes the tokens of a tokenizer with a fixed vocabulary, whose tokens
// are byte strings (no widgets here, so it is tested without a GUI).

// A token's bytes as a reader sees them (displayTokenText(), core/tokenizer/TokenDisplay.h): a
// space is "␣", a tab "␉", a newline "⏎", a carriage return "␍", another control, invisible or
// white-space code point "⟨U+200B⟩", a byte that is not part of a whole UTF-8 character "<E4>".
QString visibleTokenText(std::string_view bytes);

// Where each token's bytes are in the encoded text: [begin, end) byte offsets.
struct TokenSpan
{
    std::size_t begin = 0, end = 0;
    std::int64_t id = 0;
};
std::vector<TokenSpan> tokenSpans(const Tokenizer& tokenizer, std::string_view text,
                                  const std::vector<std::int64_t>& ids);

// The text with a word joiner (U+2060) at each place a line could break, its spaces no-break:
// one unbreakable run.
QString unbreakable(const QString& text);

// White-space separated words of the text (for "N tokens for M words / K bytes").
int wordCount(std::string_view text);

// The text as coloured spans, one per token, each with its id below and a link
// "token:<sentence>:<index>"; the chosen token (-1: none) is outlined. A line breaks only
// between tokens (after an id), never inside a token or between it and its id.
QString tokenSpansHtml(const Tokenizer& tokenizer, const std::vector<std::int64_t>& ids,
                       int sentence, int chosen);

// How byte-pair encoding built the piece of text holding the token (Tokenizer::mergesAt): its
// bytes, then each merge in rank order until the final tokens; empty for a tokenizer that does
// not merge.
QString mergeStepsHtml(const Tokenizer& tokenizer, std::string_view text,
                       const std::vector<std::int64_t>& ids, int token);

} // namespace ae
