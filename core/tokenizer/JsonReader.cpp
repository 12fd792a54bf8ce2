#include "JsonReader.h"

#include "Utf8.h"

#include <charconv>
#include <stdexcept>

namespace ae {

namespace {

constexpr int MaxDepth = 256;

class Parser
{
public:
    explicit Parser(std::string_view text) : m_text(text) {}

    JsonValue document()
    {
        JsonValue value = parseValue(0);
        skipSpace();
        if (m_pos != m_text.size())
            fail("expected the end of the text");
        return value;
    }

private:
    [[noreturn]] void fail(std::string_view what) const
    {
        throw std::runtime_error("malformed JSON at byte " + std::to_string(m_pos) + ": " +
                                 std::string(what));
    }

    void skipSpace()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
                return;
            ++m_pos;
        }
    }

    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }

    void expectWord(std::string_view word)
    {
        if (m_text.substr(m_pos, word.size()) != word)
            fail("expected a value");
        m_pos += word.size();
    }

    JsonValue parseValue(int depth)
    {
        skipSpace();
        if (m_pos >= m_text.size())
            fail("expected a value, found the end of the text");
        switch (m_text[m_pos]) {
        case '{':
            return parseObject(depth + 1);
        case '[':
            return parseArray(depth + 1);
        case '"':
            return JsonValue(parseString());
        case 't':
            expectWord("true");
            return JsonValue(true);
        case 'f':
            expectWord("false");
            return JsonValue(false);
        case 'n':
            expectWord("null");
            return JsonValue();
        default:
            return JsonValue(parseNumber());
        }
    }

    JsonValue parseObject(int depth)
    {
        if (depth > MaxDepth)
            fail("nested deeper than 256");
        ++m_pos; // '{'
        JsonValue::Object members;
        skipSpace();
        if (peek() == '}') {
            ++m_pos;
            return JsonValue(std::move(members));
        }
        while (true) {
            skipSpace();
            if (peek() != '"')
                fail("expected a string (an object's key)");
            std::string key = parseString();
            skipSpace();
            if (peek() != ':')
                fail("expected ':'");
            ++m_pos;
            JsonValue value = parseValue(depth);
            members.emplace_back(std::move(key), std::move(value));
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                continue;
            }
            if (peek() != '}')
                fail("expected ',' or '}'");
            ++m_pos;
            return JsonValue(std::move(members));
        }
    }

    JsonValue parseArray(int depth)
    {
        if (depth > MaxDepth)
            fail("nested deeper than 256");
        ++m_pos; // '['
        JsonValue::Array items;
        skipSpace();
        if (peek() == ']') {
            ++m_pos;
            return JsonValue(std::move(items));
        }
        while (true) {
            items.push_back(parseValue(depth));
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                continue;
            }
            if (peek() != ']')
                fail("expected ',' or ']'");
            ++m_pos;
            return JsonValue(std::move(items));
        }
    }

    unsigned hex4()
    {
        if (m_pos + 4 > m_text.size())
            fail("expected four hexadecimal digits");
        unsigned value = 0;
        for (int i = 0; i < 4; ++i, ++m_pos) {
            const char h = m_text[m_pos];
            const int digit = (h >= '0' && h <= '9')   ? h - '0'
                              : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                              : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                       : -1;
            if (digit < 0)
                fail("expected a hexadecimal digit");
            value = value * 16 + unsigned(digit);
        }
        return value;
    }

    void escape(std::string& out)
    {
        ++m_pos; // '\'
        const char c = peek();
        ++m_pos;
        switch (c) {
        case '"':
        case '\\':
        case '/':
            out += c;
            return;
        case 'b':
            out += '\b';
            return;
        case 'f':
            out += '\f';
            return;
        case 'n':
            out += '\n';
            return;
        case 'r':
            out += '\r';
            return;
        case 't':
            out += '\t';
            return;
        case 'u':
            break;
        default:
            --m_pos;
            fail("unknown escape");
        }
        char32_t cp = hex4();
        if (cp >= 0xD800 && cp <= 0xDBFF && m_text.substr(m_pos, 2) == "\\u") {
            const std::size_t back = m_pos;
            m_pos += 2;
            const unsigned low = hex4();
            if (low >= 0xDC00 && low <= 0xDFFF)
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            else
                m_pos = back; // a lone high surrogate; the next escape stands on its own
        }
        if (cp >= 0xD800 && cp <= 0xDFFF)
            cp = 0xFFFD;
        utf8::append(out, cp);
    }

    std::string parseString()
    {
        ++m_pos; // '"'
        std::string out;
        while (true) {
            // Copy the run up to the next quote, backslash or control character at once: a
            // vocabulary is hundreds of thousands of short strings, mostly without escapes.
            const std::size_t start = m_pos;
            while (m_pos < m_text.size()) {
                const auto c = static_cast<unsigned char>(m_text[m_pos]);
                if (c == '"' || c == '\\' || c < 0x20)
                    break;
                ++m_pos;
            }
            out.append(m_text.substr(start, m_pos - start));
            if (m_pos >= m_text.size())
                fail("unterminated string");
            const char c = m_text[m_pos];
            if (c == '"') {
                ++m_pos;
                return out;
            }
            if (c == '\\')
                escape(out);
            else
                fail("control character in a string");
        }
    }

    double parseNumber()
    {
        const std::size_t start = m_pos;
        const auto digits = [&] {
            const std::size_t from = m_pos;
            while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
                ++m_pos;
            return m_pos - from;
        };
        if (peek() == '-')
            ++m_pos;
        if (peek() == '0')
            ++m_pos;
        else if (digits() == 0)
            fail("expected a value");
        if (peek() == '.') {
            ++m_pos;
            if (digits() == 0)
                fail("expected a digit after '.'");
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_pos;
            if (peek() == '+' || peek() == '-')
                ++m_pos;
            if (digits() == 0)
                fail("expected a digit in the exponent");
        }
        double value = 0;
        const char* first = m_text.data() + start;
        const auto [end, ec] = std::from_chars(first, m_text.data() + m_pos, value);
        if (ec != std::errc() || end != m_text.data() + m_pos) {
            m_pos = start;
            fail("number out of range");
        }
        return value;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

} // namespace

const JsonValue* JsonValue::find(std::string_view key) const
{
    if (!isObject())
        return nullptr;
    for (const auto& [name, value] : object())
        if (name == key)
            return &value;
    return nullptr;
}

std::string_view JsonValue::typeName() const
{
    switch (m_value.index()) {
    case 0:
        return "null";
    case 1:
        return boolean() ? "true" : "false";
    case 2:
        return "a number";
    case 3:
        return "a string";
    case 4:
        return "an array";
    default:
        return "an object";
    }
}

JsonValue parseJson(std::string_view text)
{
    return Parser(text).document();
}

} // namespace ae
