#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ae {

class PthArchive;
class SafetensorsFile;
struct PthTensor;

// The book checkpoint's loader (BookCheckpoint.cpp) and what it reads tensors through.
namespace bookload {

// Why a book checkpoint is refused (caught by BookCheckpoint.cpp's load, which names the file).
struct Failure
{
    QString message;
};

// “name”, as the messages quote a tensor.
QString quoted(const std::string& name);

// A checkpoint's tensors by name, whatever the file: dtype and shape to check, then the
// elements as float32.
struct SourceTensor
{
    std::string dtype; // "F32", "F16", "BF16", or another name (refused)
    std::vector<std::int64_t> shape;
};

class TensorSource
{
public:
    virtual ~TensorSource() = default;
    virtual std::optional<SourceTensor> find(const std::string& name) const = 0;
    // The elements, row-major, widened to float32 (the dtype was checked before).
    virtual std::vector<float> read(const std::string& name) = 0;
    // A mapped file truncated while it was read (SafetensorsFile::changedWhileRead).
    virtual bool changedWhileRead() const { return false; }
};

std::unique_ptr<TensorSource> safetensorsSource(std::unique_ptr<SafetensorsFile> file);
// Throws Failure when a name appears twice in the state_dict.
std::unique_ptr<TensorSource> pthSource(std::unique_ptr<PthArchive> archive,
                                        std::vector<PthTensor> tensors);

} // namespace bookload
} // namespace ae
