#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

// A pre-tokenizer's split pattern, run by PCRE2 in UTF mode with Unicode properties (\p{L},
// \p{N}, \s over all of Unicode, lookahead, (?i:)), compiled once (JIT when available) and
// shared read-only between threads. Split as Hugging Face's Split with behavior "Isolated":
// every match is a piece, and so is every stretch of text between matches.
class SplitRegex
{
public:
    // A regular expression, or (literal true) a string matched as it is. Throws
    // std::runtime_error with PCRE2's message and offset when the pattern does not compile.
    SplitRegex(const std::string& pattern, bool literal);
    ~SplitRegex();
    SplitRegex(const SplitRegex&) = delete;
    SplitRegex& operator=(const SplitRegex&) = delete;

    // GPT-2's pattern (a ByteLevel pre-tokenizer with use_regex true).
    static const std::string& gpt2Pattern();

    // `text` must be valid UTF-8 (it is not checked again). Appends views into `text`.
    void split(std::string_view text, std::vector<std::string_view>& pieces) const;

private:
    struct Compiled;
    std::unique_ptr<Compiled> m_compiled;
};

} // namespace ae
