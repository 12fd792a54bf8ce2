#include "SafetensorsShards.h"

#include "ConfigFile.h"
#include "ModelMessages.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace ae {

namespace {

const QString IndexName = QStringLiteral("model.safetensors.index.json");
const QString SingleName = QStringLiteral("model.safetensors");

} // namespace

std::unique_ptr<SafetensorsShards> SafetensorsShards::open(const QString& folder,
                                                           ModelLoadResult& result)
{
    const QDir dir(folder);
    auto shards = std::unique_ptr<SafetensorsShards>(new SafetensorsShards);
    const QString indexPath = dir.filePath(IndexName);
    QStringList files;
    if (!QFileInfo::exists(dir.filePath(SingleName)) && QFileInfo::exists(indexPath)) {
        // readConfigFile reads any small JSON file with the same care (1 MB, regular file).
        const ConfigFile index = readConfigFile(indexPath);
        if (!index.error.isEmpty()) {
            result = {nullptr, index.error, true};
            return nullptr;
        }
        const QJsonObject map = QJsonDocument::fromJson(index.json)
                                    .object()
                                    .value(QLatin1StringView("weight_map"))
                                    .toObject();
        if (map.isEmpty()) {
            result = {nullptr, LlamaCheckpoint::tr("%1: it has no \u201cweight_map\u201d object "
                                                   "naming the file of each tensor")
                                   .arg(indexPath)};
            return nullptr;
        }
        for (auto it = map.begin(); it != map.end(); ++it) {
            const QString file = it.value().toString();
            if (file.isEmpty() || file.contains(u'/') || file.contains(u'\\')) {
                result = {nullptr, LlamaCheckpoint::tr("%1: the file of tensor \u201c%2\u201d must "
                                                       "be a file name in the same folder")
                                       .arg(indexPath, it.key())};
                return nullptr;
            }
            if (!files.contains(file))
                files << file;
            shards->m_indexedFile[it.key().toStdString()] = file;
        }
    } else {
        files << SingleName;
    }
    for (const QString& name : files) {
        const QString path = dir.filePath(name);
        if (!QFileInfo::exists(path)) {
            result = {nullptr,
                      files.size() > 1
                          ? LlamaCheckpoint::tr("%1: shard %2 is missing (%3 lists it)")
                                .arg(folder, name, IndexName)
                          : LlamaCheckpoint::tr("%1: it holds neither %2 nor %3")
                                .arg(folder, SingleName, IndexName),
                      true};
            return nullptr;
        }
        QString error;
        bool ioError = false;
        std::unique_ptr<SafetensorsFile> file = SafetensorsFile::open(path, error, &ioError);
        if (!file) {
            result = {nullptr, error, ioError};
            return nullptr;
        }
        shards->m_files.push_back(std::move(file));
    }
    for (auto& [tensor, name] : shards->m_indexedFile)
        shards->m_index[tensor] = std::size_t(files.indexOf(name));
    return shards;
}

SafetensorsShards::Located SafetensorsShards::find(const std::string& name) const
{
    if (m_index.empty()) {
        const SafetensorsFile& file = *m_files.front();
        return {&file, file.header().find(name)};
    }
    const auto it = m_index.find(name);
    if (it == m_index.end())
        return {};
    const SafetensorsFile& file = *m_files[it->second];
    const TensorEntry* entry = file.header().find(name);
    return entry ? Located{&file, entry} : Located{};
}

QString SafetensorsShards::expectedFile(const std::string& name) const
{
    const auto it = m_indexedFile.find(name);
    return it != m_indexedFile.end() ? it->second : QFileInfo(m_files.front()->path()).fileName();
}

std::vector<SafetensorsShards::Located> SafetensorsShards::all() const
{
    std::vector<Located> out;
    for (const auto& file : m_files)
        for (const TensorEntry& entry : file->header().tensors)
            out.push_back({file.get(), &entry});
    return out;
}

bool SafetensorsShards::changedWhileRead() const
{
    for (const auto& file : m_files)
        if (file->changedWhileRead())
            return true;
    return false;
}

} // namespace ae
