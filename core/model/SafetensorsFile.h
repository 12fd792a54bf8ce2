#pragma once

#include "MappedFileGuard.h"
#include "SafetensorsHeader.h"

#include <QString>

#include <memory>
#include <vector>

namespace ae {

// A safetensors file, memory-mapped (nothing is read or copied until a tensor's pages are
// touched) after its header was validated by parseSafetensorsHeader. Tensors are handed
// out as float32: an aligned F32 tensor as a pointer into the mapping, F16/BF16 (or a
// misaligned F32) widened into a buffer of their own.
//
// Only a regular file is opened: the path is stat()ed first and opened with O_NONBLOCK, so
// a FIFO (open would wait for a writer), /dev/zero (endless) or a folder is refused before
// a byte is read. The mapping is guarded (MappedFileGuard): when the file is truncated
// while it is mapped, reads past its new end give zeros instead of SIGBUS and
// changedWhileRead() turns true; whoever computed from the weights checks it afterwards.
class SafetensorsFile
{
public:
    // Opens, maps and validates; on failure returns null and sets `error` to a message
    // naming the file and the problem, and `ioError` when the file could not be opened,
    // read or mapped at all (as opposed to: it is not a valid safetensors file).
    static std::unique_ptr<SafetensorsFile> open(const QString& path, QString& error,
                                                 bool* ioError = nullptr);
    ~SafetensorsFile();

    const QString& path() const { return m_path; }
    const SafetensorsHeader& header() const { return m_header; }

    // The tensor's elements as float32, row-major as stored. Returns null for a dtype
    // other than F32/F16/BF16. F32 data is used in place when 4-byte aligned; otherwise
    // the widened copy goes to `storage`, which must outlive the pointer.
    const float* floats(const TensorEntry& entry, std::vector<float>& storage) const;

    // An F16 or BF16 tensor's bits in place (2-byte aligned), else null: for a model that
    // keeps them and widens rows as it reads them (TensorRef::half).
    const std::uint16_t* halves(const TensorEntry& entry) const;

    // The file shrank while it was mapped and a read past its new end was given zeros:
    // nothing computed from it since it was opened can be trusted.
    bool changedWhileRead() const { return m_guard.changed(); }
    // "PATH: the file changed while it was being read ...", for whoever checked it.
    static QString changedMessage(const QString& path);

private:
    SafetensorsFile() = default;

    QString m_path;
    const unsigned char* m_map = nullptr;
    std::size_t m_mapLength = 0;
    MappedFileGuard m_guard;
    SafetensorsHeader m_header;
};

// float16 and bfloat16 bit patterns widened exactly to float32.
float halfToFloat(std::uint16_t bits);
float bfloat16ToFloat(std::uint16_t bits);

} // namespace ae
