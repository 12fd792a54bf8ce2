#include "JsonWriter.h"

#include "Interruption.h"

#include <QIODevice>

#include <charconv>
#include <cmath>

namespace ae {

void JsonWriter::flush()
{
    interruption::checkpoint(); // a stop signal ends a stream between two chunks
    if (!m_failed && !m_out.empty())
        m_failed = m_sink->write(m_out.data(), qint64(m_out.size())) != qint64(m_out.size());
    m_out.clear();
}

bool JsonWriter::finish()
{
    if (m_sink)
        flush();
    return !m_failed;
}

void JsonWriter::separate()
{
    if (m_sink && m_out.size() >= ChunkBytes)
        flush();
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_hasItems.empty()) {
        if (m_hasItems.back())
            m_out += ',';
        m_hasItems.back() = true;
    }
}

void JsonWriter::beginObject()
{
    separate();
    m_out += '{';
    m_hasItems.push_back(false);
}

void JsonWriter::endObject()
{
    m_hasItems.pop_back();
    m_out += '}';
}

void JsonWriter::beginArray()
{
    separate();
    m_out += '[';
    m_hasItems.push_back(false);
}

void JsonWriter::endArray()
{
    m_hasItems.pop_back();
    m_out += ']';
}

void JsonWriter::key(std::string_view name)
{
    value(name);
    m_out += ':';
    m_afterKey = true;
}

void JsonWriter::value(std::string_view text)
{
    separate();
    m_out += '"';
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            m_out += '\\';
            m_out += c;
        } else if (u < 0x20) {
            static constexpr char hex[] = "0123456789abcdef";
            m_out += "\\u00";
            m_out += hex[u >> 4];
            m_out += hex[u & 0xF];
        } else {
            m_out += c;
        }
    }
    m_out += '"';
}

template <typename Number> static void appendNumber(std::string& out, Number number)
{
    if (std::isnan(number)) {
        out += "\"nan\"";
    } else if (std::isinf(number)) {
        out += number > 0 ? "\"inf\"" : "\"-inf\"";
    } else {
        char buffer[32];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
        out.append(buffer, result.ptr);
    }
}

void JsonWriter::value(double number)
{
    separate();
    appendNumber(m_out, number);
}

void JsonWriter::value(float number)
{
    separate();
    appendNumber(m_out, number);
}

void JsonWriter::value(std::int64_t number)
{
    separate();
    m_out += std::to_string(number);
}

void JsonWriter::value(bool flag)
{
    separate();
    m_out += flag ? "true" : "false";
}

void JsonWriter::null()
{
    separate();
    m_out += "null";
}

void JsonWriter::strings(const std::vector<std::string>& list)
{
    beginArray();
    for (const auto& s : list)
        value(std::string_view(s));
    endArray();
}

void JsonWriter::integers(const std::vector<std::int64_t>& list)
{
    beginArray();
    for (const auto i : list)
        value(i);
    endArray();
}

void JsonWriter::vector(const RowVector& v)
{
    beginArray();
    for (Eigen::Index i = 0; i < v.size(); ++i)
        value(v[i]);
    endArray();
}

void JsonWriter::matrix(const Matrix& m)
{
    beginArray();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        beginArray();
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            value(m(i, j));
        endArray();
    }
    endArray();
}

} // namespace ae
