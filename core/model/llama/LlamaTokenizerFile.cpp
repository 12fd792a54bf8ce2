#include "LlamaTokenizerFile.h"

#include "ModelMessages.h"
#include "TransformerConfig.h"

#include <QDir>
#include <QFileInfo>

namespace ae {

QString llamaTokenizerPath(const QString& folder)
{
    return QDir(folder).filePath(QStringLiteral("tokenizer.json"));
}

LlamaTokenizerFile readLlamaTokenizer(const QString& folder, const TransformerConfig& config)
{
    Q_UNUSED(config)
    const QString path = llamaTokenizerPath(folder);
    if (!QFileInfo::exists(path))
        return {};
    return {};
}

} // namespace ae
