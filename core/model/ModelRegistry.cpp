#include "ModelRegistry.h"

#include "BookCheckpoint.h"
#include "Gpt2Encoding.h"
#include "Gpt2Model.h"
#include "Gpt2Tokens.h"
#include "ModelMessages.h"
#include "Session.h"
#include "TransformerModel.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace ae {

QString modelFamilyTitle(const TransformerConfig& config)
{
    if (config.family == "book")
        return QCoreApplication::translate("ModelFamily", "the book's GPTModel");
    return QCoreApplication::translate("ModelFamily", "GPT-2");
}

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
    for (const QString& name : {QStringLiteral("model.safetensors"), QStringLiteral("model.pth")})
        if (QFileInfo(dir.filePath(name)).exists())
            return dir.filePath(name);
    return {};
}

bool looksLikeModel(const QString& path)
{
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    return info.isDir() || suffix == QLatin1StringView("safetensors") ||
           suffix == QLatin1StringView("pth") ||
           info.fileName() == QLatin1StringView("config.json");
}

QString modelPath(const QString& path)
{
    const QFileInfo info(path);
    return info.fileName() == QLatin1StringView("config.json") ? info.absolutePath()
                                                               : info.absoluteFilePath();
}

ModelLoadResult loadModel(const QString& path)
{
    const QString file = modelFile(path);
    if (file.isEmpty())
        return {nullptr,
                Gpt2Checkpoint::tr("%1: it is a folder without model.safetensors or model.pth")
                    .arg(path),
                true};
    // A family looks at a regular file only: anything else (a FIFO would block its read) goes
    // to the last family's loader, which refuses it naming what it is.
    if (QFileInfo(file).isFile())
        for (const ModelFamily& family : modelFamilies())
            if (family.recognises(file))
                return family.load(file);
    return modelFamilies().back().load(file);
}

ModelSource modelSource(const Session& session)
{
    return session.model.empty() ? ModelSource::SeedModule : ModelSource::Checkpoint;
}

ModelTokens modelTokens(const TransformerModel& model, std::string_view text)
{
    (void)model; // GPT-2's byte-level BPE for every family here, as modelTokenBytes
    Gpt2Tokens tokens = gpt2Tokens(text);
    return {std::move(tokens.ids), std::move(tokens.tokens)};
}

std::string modelTokenBytes(const TransformerModel& model, std::int64_t id)
{
    // Every family here reads GPT-2's byte-level BPE (the book's chapter 2); a family with
    // a tokenizer of its own adds its case.
    (void)model;
    return gpt2TokenBytes(id);
}

} // namespace ae
