#include "Gpt2Vocab.h"

#include "ByteLevelAlphabet.h"
#include "Utf8.h"

#include "Gpt2VocabData.h"

#include <chrono>
#include <stdexcept>

namespace ae {

namespace {

[[noreturn]] void malformed(std::size_t pos)
{
    throw std::runtime_error("encoder.json: malformed at byte " + std::to_string(pos));
}

// A minimal reader for encoder.json's shape: one object of "string": integer.
class EncoderReader
{
public:
    explicit EncoderReader(std::string_view text) : m_text(text) {}

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' ||
                                         m_text[m_pos] == '\r' || m_text[m_pos] == '\t'))
            ++m_pos;
    }
    bool consume(char c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    void expect(char c)
    {
        if (!consume(c))
            malformed(m_pos);
    }

    // A JSON string whose characters are GPT-2's byte stand-ins, returned as the bytes.
    std::string tokenBytes()
    {
        expect('"');
        std::string bytes;
        while (true) {
            if (m_pos >= m_text.size())
                malformed(m_pos);
            char32_t cp = 0;
            if (m_text[m_pos] == '"') {
                ++m_pos;
                return bytes;
            }
            if (m_text[m_pos] == '\\') {
                cp = escape();
            } else {
                const std::size_t start = m_pos;
                cp = utf8::next(m_text, m_pos);
                if (cp == 0xFFFD && m_pos == start + 1)
                    malformed(start);
            }
            const int byte = gpt2UnicodeToByte(cp);
            if (byte < 0)
                malformed(m_pos);
            bytes += static_cast<char>(byte);
        }
    }

    std::int64_t integer()
    {
        skipSpace();
        std::int64_t value = 0;
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9' &&
               m_pos - start < 9)
            value = value * 10 + (m_text[m_pos++] - '0');
        if (m_pos == start)
            malformed(m_pos);
        return value;
    }

private:
    char32_t escape()
    {
        ++m_pos;
        if (m_pos >= m_text.size())
            malformed(m_pos);
        const char c = m_text[m_pos++];
        switch (c) {
        case '"':
            return '"';
        case '\\':
            return '\\';
        case '/':
            return '/';
        case 'b':
            return '\b';
        case 'f':
            return '\f';
        case 'n':
            return '\n';
        case 'r':
            return '\r';
        case 't':
            return '\t';
        case 'u':
            break;
        default:
            malformed(m_pos - 1);
        }
        if (m_pos + 4 > m_text.size())
            malformed(m_pos);
        char32_t cp = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = m_text[m_pos++];
            const int digit = (h >= '0' && h <= '9')   ? h - '0'
                              : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                              : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                       : -1;
            if (digit < 0)
                malformed(m_pos - 1);
            cp = cp * 16 + char32_t(digit);
        }
        return cp;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

} // namespace

Gpt2Vocab::Gpt2Vocab(std::string_view encoderJson)
{
    const auto start = std::chrono::steady_clock::now();
    m_tokens.resize(static_cast<std::size_t>(Gpt2VocabSize));
    std::vector<bool> seen(m_tokens.size(), false);
    EncoderReader reader(encoderJson);
    reader.expect('{');
    std::size_t count = 0;
    if (!reader.consume('}')) {
        do {
            std::string bytes = reader.tokenBytes();
            reader.expect(':');
            const std::int64_t id = reader.integer();
            if (id < 0 || id >= Gpt2VocabSize || seen[static_cast<std::size_t>(id)])
                throw std::runtime_error("encoder.json: id " + std::to_string(id) +
                                         " out of range or repeated");
            seen[static_cast<std::size_t>(id)] = true;
            m_tokens[static_cast<std::size_t>(id)] = std::move(bytes);
            ++count;
        } while (reader.consume(','));
        reader.expect('}');
    }
    if (count != m_tokens.size())
        throw std::runtime_error("encoder.json: " + std::to_string(count) + " tokens, expected " +
                                 std::to_string(Gpt2VocabSize));
    m_ranks.reserve(m_tokens.size());
    for (std::size_t id = 0; id < m_tokens.size(); ++id)
        if (std::int64_t(id) != Gpt2EndOfText)
            m_ranks.emplace(m_tokens[id], std::int64_t(id));
    m_loadMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

const Gpt2Vocab& Gpt2Vocab::instance()
{
    static const Gpt2Vocab vocab = [] {
        const auto start = std::chrono::steady_clock::now();
        Gpt2Vocab parsed(gpt2EncoderJson());
        parsed.m_loadMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        return parsed;
    }();
    return vocab;
}

} // namespace ae
