#include "ModelRegistry.h"

#include "BookCheckpoint.h"
#include "Gpt2Model.h"
#include "LlamaCheckpoint.h"
#include "ModelMessages.h"
#include "Session.h"
#include "Tokenizer.h"
#include "TransformerModel.h"
#include "Utf8.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <map>

namespace ae {

QString modelFamilyTitle(const TransformerConfig& config)
{
    if (config.family == "book")
        return QCoreApplication::translate("ModelFamily", "the book's GPTModel");
    if (config.family == "llama") {
        static const std::map<std::string, const char*> names = {
            {"llama", "Llama"}, {"mistral", "Mistral"}, {"qwen2", "Qwen 2"}, {"qwen3", "Qwen 3"}};
        const auto it = names.find(config.modelType);
        return QString::fromLatin1(it != names.end() ? it->second : "Llama");
    }
    return QCoreApplication::translate("ModelFamily", "GPT-2");
}

const std::vector<ModelFamily>& modelFamilies()
{
    static const std::vector<ModelFamily> families = {
        {"book", isBookCheckpoint, loadBookCheckpoint},
        {"llama", isLlamaCheckpoint, loadLlamaCheckpoint},
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
    // A sharded checkpoint's folder is its index (the Llama family opens the shards).
    for (const QString& name : {QStringLiteral("model.safetensors"), QStringLiteral("model.pth"),
                                QStringLiteral("model.safetensors.index.json")})
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
    // A model's own vocabulary has no registered tokenizer: its tokens are shown as written,
    // as the words tokenizer's are (no fixed vocabulary whose bytes would replace them).
    if (hasOwnVocabulary(config))
        return tokenizerFor(TokenizerKind::Words);
    if (config.ownTokenizer) // tokenizer.json of the model's folder
        return *config.ownTokenizer;
    const Tokenizer* tokenizer = findTokenizer(config.tokenizer);
    return tokenizer ? *tokenizer : tokenizerFor(TokenizerKind::Gpt2);
}

bool hasOwnVocabulary(const TransformerConfig& config)
{
    return config.tokenizer == "ids" || config.tokenizer == "chars";
}

ModelTokens modelTokens(const TransformerModel& model, std::string_view text)
{
    const TransformerConfig& c = model.config();
    ModelTokens out;
    if (c.tokenizer == "ids") {
        // Whitespace-separated whole numbers; anything else is an id of -1 (refused by name).
        std::size_t pos = 0;
        while (pos < text.size()) {
            while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])))
                ++pos;
            const std::size_t start = pos;
            while (pos < text.size() && !std::isspace(static_cast<unsigned char>(text[pos])))
                ++pos;
            if (start == pos)
                break;
            const std::string_view word = text.substr(start, pos - start);
            std::int64_t id = -1;
            if (word.size() <= 9 && std::all_of(word.begin(), word.end(),
                                                [](char ch) { return ch >= '0' && ch <= '9'; }))
                id = std::stoll(std::string(word));
            out.ids.push_back(id);
            out.tokens.emplace_back(word);
        }
        return out;
    }
    if (c.tokenizer == "chars") {
        std::size_t pos = 0;
        while (pos < text.size()) {
            std::string character;
            utf8::append(character, utf8::next(text, pos));
            const auto it = std::find(c.vocabulary.begin(), c.vocabulary.end(), character);
            out.ids.push_back(it == c.vocabulary.end() ? -1
                                                       : std::int64_t(it - c.vocabulary.begin()));
            out.tokens.push_back(std::move(character));
        }
        return out;
    }
    TokenizedTexts tokens = modelTokenizer(c).encode({text});
    return {std::move(tokens.ids.front()), std::move(tokens.tokens.front())};
}

std::string modelTokenBytes(const TransformerModel& model, std::int64_t id)
{
    const TransformerConfig& c = model.config();
    if (c.tokenizer == "ids") { // a space before each, so that generated ids read apart
        std::string bytes;
        if (id >= 0)
            bytes.append(1, ' ').append(std::to_string(id));
        return bytes;
    }
    if (c.tokenizer == "chars")
        return id >= 0 && std::size_t(id) < c.vocabulary.size() ? c.vocabulary[std::size_t(id)]
                                                                : std::string();
    return modelTokenizer(c).tokenBytes(id);
}

} // namespace ae
