#pragma once

#include "Gpt2Config.h"
#include "Gpt2Params.h"

#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace ae {

class SafetensorsFile;

// A loaded GPT-2 checkpoint: its configuration and its parameters, checked against each
// other. Immutable once loaded and shared (std::shared_ptr<const Gpt2Model>) by every
// trace computed with it; the file stays mapped as long as the model lives.
class Gpt2Model
{
public:
    struct LoadResult
    {
        std::shared_ptr<const Gpt2Model> model; // null on failure
        QString error;                          // names the file, the tensor and the rule
        bool ioError = false; // the file or config.json could not be opened, read or mapped
    };

    // Loads PATH (a Hugging Face model.safetensors), with config.json from the same
    // folder when present (present but unreadable: an I/O error naming it). Validates the
    // whole header first, then every tensor GPT-2 needs (present, F32/F16/BF16, shape as
    // the config says, every value finite); other tensors are ignored.
    static LoadResult load(const QString& path);

    ~Gpt2Model();

    const QString& path() const { return m_path; }
    const Gpt2Config& config() const { return m_config; }
    const Gpt2Params& params() const { return m_params; }
    const std::string& dtype() const { return m_dtype; } // of wte: "F32", "F16" or "BF16"
    // The checkpoint was truncated while mapped and a read got zeros instead of weights
    // (SafetensorsFile::changedWhileRead): a forward or an export computed since is wrong.
    // Callers check it after computing and report SafetensorsFile::changedMessage.
    bool changedWhileRead() const;

private:
    Gpt2Model() = default;

    QString m_path;
    Gpt2Config m_config;
    Gpt2Params m_params;
    std::string m_dtype;
    std::unique_ptr<SafetensorsFile> m_file;
    std::vector<std::vector<float>> m_widened; // F16/BF16 tensors as float32
};

} // namespace ae
