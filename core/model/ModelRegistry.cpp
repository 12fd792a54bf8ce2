#include "ModelRegistry.h"

#include "BookCheckpoint.h"
#include "Gpt2Model.h"
#include "ModelMessages.h"
#include "Session.h"
#include "Tokenizer.h"
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

const Tokenizer& sessionTokenizer(const Session& session)
{
    if (modelSource(session) == ModelSource::SeedModule)
        return tokenizerFor(session.tokenizer);
    return modelTokenizer(TransformerConfig{});
}

const Tokenizer& modelTokenizer(const TransformerConfig& config)
{
    // A family's loader names a registered tokenizer (every one here: "gpt2").
    const Tokenizer* tokenizer = findTokenizer(config.tokenizer);
    return tokenizer ? *tokenizer : tokenizerFor(TokenizerKind::Gpt2);
}

ModelTokens modelTokens(const TransformerModel& model, std::string_view text)
{
    TokenizedTexts tokens = modelTokenizer(model.config()).encode({text});
    return {std::move(tokens.ids.front()), std::move(tokens.tokens.front())};
}

std::string modelTokenBytes(const TransformerModel& model, std::int64_t id)
{
    return modelTokenizer(model.config()).tokenBytes(id);
}

} // namespace ae
