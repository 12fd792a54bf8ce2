#include "SafetensorsFile.h"

#include "ModelMessages.h"

#include <QCoreApplication>
#include <QFile>
#include <QScopeGuard>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ae {

namespace {

std::uint16_t load16(const unsigned char* p)
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

std::unique_ptr<SafetensorsFile> SafetensorsFile::open(const QString& path, QString& error,
                                                       bool* ioError)
{
    const QString& name = path;
    auto fail = [&](const QString& message, bool io) {
        error = message;
        if (ioError)
            *ioError = io;
        return nullptr;
    };
    auto cannotOpen = [&](const QString& why) {
        return fail(Safetensors::tr("%1: cannot open the file (%2)").arg(name, why), true);
    };
    auto systemError = [] { return QString::fromLocal8Bit(std::strerror(errno)); };
    // stat() before open(): open() of a FIFO waits for a writer, a device may never end.
    // The same check again with fstat() on what was opened (the path may have changed).
    auto notRegular = [&](mode_t mode) {
        return cannotOpen(S_ISDIR(mode) ? Safetensors::tr("it is a folder")
                                        : Safetensors::tr("not a regular file but a pipe, a "
                                                          "socket or a device"));
    };
    const QByteArray native = QFile::encodeName(path);
    struct stat info
    {
    };
    if (::stat(native.constData(), &info) != 0)
        return cannotOpen(systemError());
    if (!S_ISREG(info.st_mode))
        return notRegular(info.st_mode);
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return cannotOpen(systemError());
    const auto closeFd = qScopeGuard([fd] { ::close(fd); }); // the mapping keeps the file
    if (::fstat(fd, &info) != 0)
        return cannotOpen(systemError());
    if (!S_ISREG(info.st_mode))
        return notRegular(info.st_mode);

    std::unique_ptr<SafetensorsFile> file(new SafetensorsFile);
    file->m_path = path;
    const auto size = static_cast<std::uint64_t>(info.st_size);
    char small[8];
    QByteArrayView start;
    if (size < 8) {
        const ssize_t got = ::read(fd, small, std::size_t(size));
        if (got < 0) {
            const QString why = systemError(); // before tr() may change errno
            return fail(Safetensors::tr("%1: cannot read the file (%2)").arg(name, why), true);
        }
        start = QByteArrayView(small, got);
    } else {
        void* map = ::mmap(nullptr, std::size_t(size), PROT_READ, MAP_SHARED, fd, 0);
        // A failed map (an address-space limit, too little memory) is an I/O error: the file
        // may be fine, this process cannot hold it.
        if (map == MAP_FAILED) {
            const QString why = systemError();
            return fail(Safetensors::tr("%1: cannot map the file into memory (%2)").arg(name, why),
                        true);
        }
        file->m_map = static_cast<const unsigned char*>(map);
        file->m_mapLength = std::size_t(size);
        file->m_guard.guard(map, file->m_mapLength);
        const auto headerBytes = std::min<std::uint64_t>(size, 8 + MaxSafetensorsHeaderBytes);
        start = QByteArrayView(reinterpret_cast<const char*>(file->m_map),
                               static_cast<qsizetype>(headerBytes));
    }
    SafetensorsHeaderResult parsed = parseSafetensorsHeader(start, size);
    if (file->changedWhileRead())
        return fail(changedMessage(name), true);
    if (!parsed.error.isEmpty())
        return fail(
            Safetensors::tr("%1 is not a readable safetensors file: %2").arg(name, parsed.error),
            false);
    file->m_header = std::move(parsed.header);
    return file;
}

SafetensorsFile::~SafetensorsFile()
{
    m_guard.unguard();
    if (m_map)
        ::munmap(const_cast<unsigned char*>(m_map), m_mapLength);
}

QString SafetensorsFile::changedMessage(const QString& path)
{
    return Safetensors::tr("%1: the file changed while it was being read (it was truncated or "
                           "replaced); run again once it is complete")
        .arg(path);
}

const float* SafetensorsFile::floats(const TensorEntry& entry, std::vector<float>& storage) const
{
    const std::size_t n = static_cast<std::size_t>(entry.elementCount());
    const unsigned char* data = m_map ? m_map + m_header.dataStart + entry.begin : nullptr;
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

const std::uint16_t* SafetensorsFile::halves(const TensorEntry& entry) const
{
    if (entry.dtype != TensorDtype::F16 && entry.dtype != TensorDtype::BF16)
        return nullptr;
    const unsigned char* data = m_map ? m_map + m_header.dataStart + entry.begin : nullptr;
    if (!data || reinterpret_cast<std::uintptr_t>(data) % alignof(std::uint16_t) != 0)
        return nullptr;
    return reinterpret_cast<const std::uint16_t*>(data);
}

} // namespace ae
