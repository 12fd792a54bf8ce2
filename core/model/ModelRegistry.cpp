#include "ModelRegistry.h"

#include "BookCheckpoint.h"
#include "Gpt2Model.h"

#include <QDir>
#include <QFileInfo>

namespace ae {

const std::vector<ModelFamily>& modelFamilies()
{
    static const std::vector<ModelFamily> families = {
        {"book", isBookCheckpoint, loadBookCheckpoint},
        {"gpt2", [](const QString&) { return true; }, loadGpt2Checkpoint},
    };
    return families;
}

QString modelFile(const QString& path)
{
    const QFileInfo info(path);
    if (!info.isDir())
        return path;
    const QDir dir(path);
    for (const QString name : {QStringLiteral("model.safetensors"), QStringLiteral("model.pth")})
        if (QFileInfo(dir.filePath(name)).exists())
            return dir.filePath(name);
    return dir.filePath(QStringLiteral("model.safetensors")); // refused as missing, by name
}

ModelLoadResult loadModel(const QString& path)
{
    const QString file = modelFile(path);
    for (const ModelFamily& family : modelFamilies())
        if (family.recognises(file))
            return family.load(file);
    return modelFamilies().back().load(file);
}

} // namespace ae
