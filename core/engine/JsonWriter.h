#pragma once

#include "Matrix.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

// A small streaming JSON writer for large numeric dumps (QJsonDocument would hold a
// second copy of every tensor). Floats are written in the shortest form that reads
// back as the same float32; non-finite values as the strings "-inf", "inf", "nan".
class JsonWriter
{
public:
    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view name);

    void value(std::string_view text);
    void value(double number);
    void value(float number);
    void value(std::int64_t number);
    void value(bool flag);
    void null();

    void strings(const std::vector<std::string>& list);
    void integers(const std::vector<std::int64_t>& list);
    void vector(const RowVector& v);
    void matrix(const Matrix& m);

    const std::string& text() const { return m_out; }
    std::string take() { return std::move(m_out); }

private:
    void separate();

    std::string m_out;
    std::vector<bool> m_hasItems; // per open container: has it an item already
    bool m_afterKey = false;
};

} // namespace ae
