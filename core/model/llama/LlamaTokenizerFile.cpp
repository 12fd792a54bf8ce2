#include "LlamaTokenizerFile.h"

#include "HfTokenizer.h"
#include "ModelMessages.h"
#include "TransformerConfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace ae {

QString llamaTokenizerPath(const QString& folder)
{
    return QDir(folder).filePath(QStringLiteral("tokenizer.json"));
}

LlamaTokenizerFile readLlamaTokenizer(const QString& folder, const TransformerConfig& config)
{
    const QString path = llamaTokenizerPath(folder);
    if (!QFileInfo::exists(path))
        return {};
    std::shared_ptr<const HfTokenizer> tokenizer;
    try {
        tokenizer = HfTokenizer::fromFile(QFile::encodeName(path).toStdString());
    } catch (const std::exception& error) {
        // TokenizerFileError names the file and the key.
        return {nullptr, QString::fromStdString(error.what())};
    }
    // A tokenizer.json of another model (Llama 3's beside a SmolLM2) gives ids the embedding
    // has no row for.
    if (tokenizer->vocabularySize() > config.vocabSize)
        return {nullptr, LlamaCheckpoint::tr("%1: its tokens go up to id %2 but the model's "
                                             "vocab_size is %3: it is another model's tokenizer")
                             .arg(path)
                             .arg(tokenizer->vocabularySize() - 1)
                             .arg(config.vocabSize)};
    return {tokenizer, {}};
}

} // namespace ae
