#include "Gpt2PreSplit.h"

#include "UnicodeTables.h"
#include "Utf8.h"

#include <array>

namespace ae {

namespace {

enum class CharClass : unsigned char
{
    Letter,
    Number,
    Space,
    Other
};

constexpr std::array<CharClass, 128> asciiClasses()
{
    std::array<CharClass, 128> table{};
    for (int c = 0; c < 128; ++c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            table[c] = CharClass::Letter;
        else if (c >= '0' && c <= '9')
            table[c] = CharClass::Number;
        else if (c == ' ' || (c >= 0x09 && c <= 0x0D))
            table[c] = CharClass::Space;
        else
            table[c] = CharClass::Other;
    }
    return table;
}

constexpr auto asciiClass = asciiClasses();

// The class of the character at text[pos]; pos advances past it.
CharClass nextClass(std::string_view text, std::size_t& pos)
{
    const auto lead = static_cast<unsigned char>(text[pos]);
    if (lead < 0x80) {
        ++pos;
        return asciiClass[lead];
    }
    const char32_t cp = utf8::next(text, pos);
    if (unicode::isLetter(cp))
        return CharClass::Letter;
    if (unicode::isNumber(cp))
        return CharClass::Number;
    if (unicode::isRegexWhiteSpace(cp))
        return CharClass::Space;
    return CharClass::Other;
}

CharClass classAt(std::string_view text, std::size_t pos)
{
    return nextClass(text, pos);
}

// End of the run of characters of class c that starts at pos.
std::size_t runEnd(std::string_view text, std::size_t pos, CharClass c)
{
    while (pos < text.size()) {
        std::size_t next = pos;
        if (nextClass(text, next) != c)
            break;
        pos = next;
    }
    return pos;
}

// 's|'t|'re|'ve|'m|'ll|'d at pos: the length matched, or 0.
std::size_t contraction(std::string_view text, std::size_t pos)
{
    if (text[pos] != '\'' || pos + 1 >= text.size())
        return 0;
    const char a = text[pos + 1];
    if (a == 's' || a == 't' || a == 'm' || a == 'd')
        return 2;
    if (pos + 2 >= text.size())
        return 0;
    const char b = text[pos + 2];
    if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l'))
        return 3;
    return 0;
}

// The end of the piece that starts at pos (the alternatives are tried in the pattern's order).
std::size_t pieceEnd(std::string_view text, std::size_t pos)
{
    if (const std::size_t n = contraction(text, pos))
        return pos + n;
    std::size_t after = pos;
    const CharClass first = nextClass(text, after);
    // " ?X+" for X = letters, numbers, others: an optional U+0020 before the run.
    if (text[pos] == ' ' && after < text.size()) {
        const CharClass second = classAt(text, after);
        if (second != CharClass::Space)
            return runEnd(text, after, second);
    }
    if (first != CharClass::Space)
        return runEnd(text, pos, first);
    // \s+(?!\S): the whole run at the end of the text, else all but its last character
    // (which then stays with what follows); a single space before \S falls to \s+.
    const std::size_t end = runEnd(text, pos, CharClass::Space);
    if (end == text.size())
        return end;
    std::size_t lastStart = pos;
    for (std::size_t p = pos; p < end;) {
        lastStart = p;
        nextClass(text, p);
    }
    return lastStart > pos ? lastStart : end;
}

} // namespace

std::vector<std::string_view> gpt2PreSplit(std::string_view text)
{
    std::vector<std::string_view> pieces;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t end = pieceEnd(text, pos);
        pieces.push_back(text.substr(pos, end - pos));
        pos = end;
    }
    return pieces;
}

} // namespace ae
