#pragma once

#include "SafetensorsHeader.h"

#include <QFile>
#include <QString>

#include <memory>
#include <vector>

namespace ae {

// A safetensors file, memory-mapped (QFile::map: nothing is read or copied until a
// tensor's pages are touched) after its header was validated by parseSafetensorsHeader.
// Tensors are handed out as float32: an aligned F32 tensor as a pointer into the
// mapping, F16/BF16 (or a misaligned F32) widened into a buffer of their own.
class SafetensorsFile
{
public:
    // Opens, maps and validates; on failure returns null and sets `error` to a message
    // naming the file and the problem.
    static std::unique_ptr<SafetensorsFile> open(const QString& path, QString& error);

    const QString& path() const { return m_path; }
    const SafetensorsHeader& header() const { return m_header; }

    // The tensor's elements as float32, row-major as stored. Returns null for a dtype
    // other than F32/F16/BF16. F32 data is used in place when 4-byte aligned; otherwise
    // the widened copy goes to `storage`, which must outlive the pointer.
    const float* floats(const TensorEntry& entry, std::vector<float>& storage) const;

private:
    SafetensorsFile() = default;

    QString m_path;
    QFile m_file;
    const uchar* m_map = nullptr;
    SafetensorsHeader m_header;
};

// float16 and bfloat16 bit patterns widened exactly to float32.
float halfToFloat(std::uint16_t bits);
float bfloat16ToFloat(std::uint16_t bits);

} // namespace ae
