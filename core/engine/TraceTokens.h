#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ae {

struct Trace;
class Tokenizer;

// The tokenizer that read the trace's text: a model's own (its tokenizer.json:
// Trace::ownTokenizer), else the registered one the session names.
const Tokenizer& traceTokenizer(const Trace& trace);

// How a trace's tokens are written for people, the same in every table, axis label, tooltip
// and walkthrough line: the session tokenizer's display (Tokenizer::displayToken: "␣cat", "⏎",
// "<E4 BD>"), from the token's bytes when the vocabulary is fixed. Positions count from 0 here
// (the trace's rows); views number tokens from 1, as the book's x(1), x(2), ....
std::string shownToken(const Trace& trace, bool source, std::size_t position);
std::string shownQueryToken(const Trace& trace, std::size_t position);
std::string shownKeyToken(const Trace& trace, std::size_t position); // the source's with cross
std::vector<std::string> shownTokens(const Trace& trace, bool source);

} // namespace ae
