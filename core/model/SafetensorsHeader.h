#pragma once

#include <QByteArrayView>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace ae {

// The element types a safetensors file may declare. Only F32, F16 and BF16 can hold
// GPT-2 weights; the others are known so that a checkpoint carrying, say, an I64 buffer
// still validates (and is refused later only if GPT-2 needs that tensor).
enum class TensorDtype
{
    F64,
    F32,
    F16,
    BF16,
    I64,
    I32,
    I16,
    I8,
    U64,
    U32,
    U16,
    U8,
    Bool,
    F8E4M3,
    F8E5M2
};

int dtypeSize(TensorDtype dtype);
const char* dtypeName(TensorDtype dtype);

// One tensor as the header declares it; begin/end are byte offsets into the data
// section (the bytes after the 8-byte length and the JSON header).
struct TensorEntry
{
    std::string name;
    TensorDtype dtype = TensorDtype::F32;
    std::vector<std::int64_t> shape;
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::int64_t elementCount() const;
};

struct SafetensorsHeader
{
    std::vector<TensorEntry> tensors;
    std::uint64_t dataStart = 0; // file offset of the data section: 8 + header length
    const TensorEntry* find(const std::string& name) const;
};

struct SafetensorsHeaderResult
{
    SafetensorsHeader header;
    QString error; // empty: valid; else what is wrong (without the file name)
};

// The longest header accepted, as the Rust safetensors crate (100 MB): a length field
// beyond it is refused before anything is allocated.
inline constexpr std::uint64_t MaxSafetensorsHeaderBytes = 100'000'000;

// Validates a safetensors layout without touching the tensor data (the Rust crate's
// rules): the header length is bounded by MaxSafetensorsHeaderBytes and by the file; the
// header is a JSON object; every entry but "__metadata__" has a known dtype, a shape of
// non-negative sizes whose product × dtype size equals its byte range, and a range inside
// the data section; no two ranges overlap.
//   fileSize  the whole file's size in bytes
//   start     the file's first bytes: at least 8 + header length of them for a valid file
// Fewer bytes than the header needs is reported as a truncated file.
SafetensorsHeaderResult parseSafetensorsHeader(QByteArrayView start, std::uint64_t fileSize);

} // namespace ae
