#include "SafetensorsFile.h"

#include "ModelMessages.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <bit>
#include <cstring>

namespace ae {

namespace {

std::uint16_t load16(const uchar* p)
{
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8)); // little-endian, as safetensors stores
}

} // namespace

float halfToFloat(std::uint16_t bits)
{
    const std::uint32_t sign = std::uint32_t(bits & 0x8000u) << 16;
    std::uint32_t exponent = (bits >> 10) & 0x1fu;
    std::uint32_t mantissa = bits & 0x3ffu;
    std::uint32_t out = 0;
    if (exponent == 0x1f) { // inf / nan
        out = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent != 0) {
        out = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa != 0) { // subnormal: normalise
        exponent = 113;
        while ((mantissa & 0x400u) == 0) {
            mantissa <<= 1;
            --exponent;
        }
        out = sign | (exponent << 23) | ((mantissa & 0x3ffu) << 13);
    } else {
        out = sign;
    }
    return std::bit_cast<float>(out);
}

float bfloat16ToFloat(std::uint16_t bits)
{
    return std::bit_cast<float>(std::uint32_t(bits) << 16);
}

std::unique_ptr<SafetensorsFile> SafetensorsFile::open(const QString& path, QString& error)
{
    std::unique_ptr<SafetensorsFile> file(new SafetensorsFile);
    file->m_path = path;
    file->m_file.setFileName(path);
    const QString& name = path;
    if (QFileInfo(path).isDir() || !file->m_file.open(QIODevice::ReadOnly)) {
        error = Safetensors::tr("%1: cannot open the file (%2)")
                    .arg(name, QFileInfo(path).isDir() ? Safetensors::tr("it is a folder")
                                                       : file->m_file.errorString());
        return nullptr;
    }
    const auto size = static_cast<std::uint64_t>(file->m_file.size());
    QByteArray small;
    QByteArrayView start;
    if (size < 8) {
        small = file->m_file.readAll();
        start = small;
    } else {
        file->m_map = file->m_file.map(0, file->m_file.size());
        if (!file->m_map) {
            error = Safetensors::tr("%1: cannot map the file into memory (%2)")
                        .arg(name, file->m_file.errorString());
            return nullptr;
        }
        const auto headerBytes = std::min<std::uint64_t>(size, 8 + MaxSafetensorsHeaderBytes);
        start = QByteArrayView(reinterpret_cast<const char*>(file->m_map),
                               static_cast<qsizetype>(headerBytes));
    }
    SafetensorsHeaderResult parsed = parseSafetensorsHeader(start, size);
    if (!parsed.error.isEmpty()) {
        error =
            Safetensors::tr("%1 is not a readable safetensors file: %2").arg(name, parsed.error);
        return nullptr;
    }
    file->m_header = std::move(parsed.header);
    return file;
}

const float* SafetensorsFile::floats(const TensorEntry& entry, std::vector<float>& storage) const
{
    const std::size_t n = static_cast<std::size_t>(entry.elementCount());
    const uchar* data = m_map ? m_map + m_header.dataStart + entry.begin : nullptr;
    if (n == 0) {
        storage.clear();
        return storage.data();
    }
    switch (entry.dtype) {
    case TensorDtype::F32:
        if (reinterpret_cast<std::uintptr_t>(data) % alignof(float) == 0)
            return reinterpret_cast<const float*>(data);
        storage.resize(n);
        std::memcpy(storage.data(), data, n * sizeof(float));
        return storage.data();
    case TensorDtype::F16:
        storage.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            storage[i] = halfToFloat(load16(data + 2 * i));
        return storage.data();
    case TensorDtype::BF16:
        storage.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            storage[i] = bfloat16ToFloat(load16(data + 2 * i));
        return storage.data();
    default:
        return nullptr;
    }
}

} // namespace ae
