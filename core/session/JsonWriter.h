#pragma once

#include "Matrix.h"

#include <cstdint>

#include <span>
#include <string>
#include <string_view>
#include <vector>

class QIODevice;

namespace ae {
// A JSON writer for large numeric dumps (QJsonDocument would hold a second copy of every
// tensor). Given a device it streams: the text goes to the device in chunks of ChunkBytes
// as it is produced, so memory stays bounded whatever the dump's size; without one it
// collects the text (text(), take()). Floats are written in the shortest form that reads
// back as the same float32; non-finite values as the strings "-inf", "inf", "nan".
class JsonWriter
{
public:
    static constexpr std::size_t ChunkBytes = 1 << 20;

    JsonWriter() = default;
    explicit JsonWriter(QIODevice* sink) : m_sink(sink) {}
    // Writes what is left to the device; false when any write to it failed (the rest is
    // then dropped, not collected).
    bool finish();
    bool failed() const { return m_failed; }

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
    void flush();

    QIODevice* m_sink = nullptr;
    bool m_failed = false;
    std::string m_out;
    std::vector<bool> m_hasItems; // per open container: has it an item already
    bool m_afterKey = false;
};

} // namespace ae
