#pragma once

#include "ModelLoad.h"
#include "SafetensorsFile.h"

#include <QString>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ae {

// The weights of a Hugging Face checkpoint folder: model.safetensors, or the shards
// model-0000K-of-0000N.safetensors that model.safetensors.index.json lists (its weight_map:
// tensor name -> file). Every shard is opened, mapped and validated once; a tensor is found by
// name in the shard the index names.
class SafetensorsShards
{
public:
    struct Located
    {
        const SafetensorsFile* file = nullptr;
        const TensorEntry* entry = nullptr;
    };

    // Opens `folder`'s weights. On failure `result` holds the error (naming the index, the
    // shard or the tensor) and null is returned.
    static std::unique_ptr<SafetensorsShards> open(const QString& folder, ModelLoadResult& result);

    // The tensor, or {null, null} when no shard has it.
    Located find(const std::string& name) const;
    // The file a missing tensor was expected in, for messages: the index's entry, else the
    // single file.
    QString expectedFile(const std::string& name) const;
    // Every tensor of every shard.
    std::vector<Located> all() const;
    // A shard was truncated while mapped (SafetensorsFile::changedWhileRead).
    bool changedWhileRead() const;
    const std::vector<std::shared_ptr<const SafetensorsFile>>& files() const { return m_files; }

private:
    std::vector<std::shared_ptr<const SafetensorsFile>> m_files;
    std::map<std::string, std::size_t> m_index; // tensor -> m_files entry (sharded)
    std::map<std::string, QString> m_indexedFile;
};

} // namespace ae
