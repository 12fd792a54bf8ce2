#include "SplitRegex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdexcept>

namespace ae {

struct SplitRegex::Compiled
{
    pcre2_code* code = nullptr;
};

SplitRegex::SplitRegex(const std::string& pattern, bool literal) : m_compiled(new Compiled)
{
    int error = 0;
    PCRE2_SIZE offset = 0;
    const std::uint32_t options = PCRE2_UTF | PCRE2_UCP | (literal ? PCRE2_LITERAL : 0);
    m_compiled->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     options, &error, &offset, nullptr);
    if (!m_compiled->code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(error, message, sizeof message);
        throw std::runtime_error("the pattern does not compile at offset " +
                                 std::to_string(offset) + ": " +
                                 reinterpret_cast<const char*>(message));
    }
    // Without JIT (a platform PCRE2 lacks it for) the interpreter gives the same matches.
    pcre2_jit_compile(m_compiled->code, PCRE2_JIT_COMPLETE);
}

SplitRegex::~SplitRegex()
{
    pcre2_code_free(m_compiled->code);
}

const std::string& SplitRegex::gpt2Pattern()
{
    // Hugging Face's ByteLevel pre-tokenizer (byte_level.rs), as written there.
    static const std::string pattern =
        R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";
    return pattern;
}

void SplitRegex::split(std::string_view text, std::vector<std::string_view>& pieces) const
{
    // Match data per call: the compiled pattern is shared between threads, the data is not.
    std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> match(
        pcre2_match_data_create_from_pattern(m_compiled->code, nullptr), &pcre2_match_data_free);
    const auto subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    std::size_t pos = 0;
    std::size_t plainStart = 0;
    while (pos < text.size()) {
        // The text was checked once by the caller: checking it again at every match would make
        // the split quadratic in its length.
        // pcre2_match runs the JIT code when there is some; a match too deep for the JIT's
        // stack is run again by the interpreter, which keeps its state on the heap.
        int found = pcre2_match(m_compiled->code, subject, text.size(), pos, PCRE2_NO_UTF_CHECK,
                                match.get(), nullptr);
        if (found == PCRE2_ERROR_JIT_STACKLIMIT)
            found = pcre2_match(m_compiled->code, subject, text.size(), pos,
                                PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, match.get(), nullptr);
        if (found == PCRE2_ERROR_NOMATCH)
            break;
        if (found < 0) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(found, message, sizeof message);
            throw std::runtime_error(std::string("the split pattern failed: ") +
                                     reinterpret_cast<const char*>(message));
        }
        const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(match.get());
        const std::size_t begin = ovector[0], end = ovector[1];
        if (end == begin) {
            // An empty match cuts nothing: go on from the next character.
            pos = begin + 1;
            while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80)
                ++pos;
            continue;
        }
        if (begin > plainStart)
            pieces.push_back(text.substr(plainStart, begin - plainStart));
        pieces.push_back(text.substr(begin, end - begin));
        pos = plainStart = end;
    }
    if (plainStart < text.size())
        pieces.push_back(text.substr(plainStart));
}

} // namespace ae
