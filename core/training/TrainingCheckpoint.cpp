#include "TrainingCheckpoint.h"

#include "OutputFile.h"
#include "Trainer.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstring>

namespace ae {

// The translation context of these messages (lupdate files a free tr() under the namespace).
struct TrainingCheckpointText
{
    Q_DECLARE_TR_FUNCTIONS(TrainingCheckpoint)
};

namespace {

// The state_dict: the parameters plus each block's causal mask buffer, float32
// triu(ones(context, context), diagonal=1) as the book's MultiHeadAttention registers it.
std::vector<Trainer::NamedTensor> stateDict(const Trainer& trainer)
{
    std::vector<Trainer::NamedTensor> tensors = trainer.parameters();
    const std::int64_t ctx = trainer.config().contextLength;
    for (int i = 0; i < trainer.config().nLayers; ++i) {
        Trainer::NamedTensor mask{"trf_blocks." + std::to_string(i) + ".att.mask",
                                  {ctx, ctx},
                                  std::vector<float>(std::size_t(ctx * ctx), 0.0f)};
        for (std::int64_t r = 0; r < ctx; ++r)
            for (std::int64_t c = r + 1; c < ctx; ++c)
                mask.values[std::size_t(r * ctx + c)] = 1.0f;
        tensors.push_back(std::move(mask));
    }
    return tensors;
}

// safetensors as the Rust crate writes it: tensors ordered by name (one dtype), data
// back to back in that order, the JSON header padded with spaces to a multiple of 8 bytes,
// its length first as a little-endian u64.
QByteArray safetensors(std::vector<Trainer::NamedTensor> tensors)
{
    std::sort(tensors.begin(), tensors.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    QByteArray header = "{";
    std::size_t offset = 0;
    for (std::size_t k = 0; k < tensors.size(); ++k) {
        const Trainer::NamedTensor& t = tensors[k];
        QByteArray shape;
        for (const std::int64_t s : t.shape)
            shape += (shape.isEmpty() ? "" : ",") + QByteArray::number(qint64(s));
        const std::size_t bytes = t.values.size() * sizeof(float);
        header += (k ? "," : "") + QByteArray("\"") + t.name.c_str() +
                  "\":{\"dtype\":\"F32\",\"shape\":[" + shape + "],\"data_offsets\":[" +
                  QByteArray::number(qulonglong(offset)) + "," +
                  QByteArray::number(qulonglong(offset + bytes)) + "]}";
        offset += bytes;
    }
    header += "}";
    while (header.size() % 8 != 0)
        header += ' ';
    QByteArray file(8, '\0');
    auto length = quint64(header.size());
    for (int b = 0; b < 8; ++b, length >>= 8)
        file[b] = char(length & 0xff);
    file += header;
    for (const Trainer::NamedTensor& t : tensors) // little-endian floats, as x86 holds them
        file.append(reinterpret_cast<const char*>(t.values.data()),
                    qsizetype(t.values.size() * sizeof(float)));
    return file;
}

QByteArray configJson(const Trainer& trainer)
{
    const TrainingConfig& c = trainer.config();
    QJsonObject o;
    o[QStringLiteral("vocab_size")] = trainer.vocabSize();
    o[QStringLiteral("context_length")] = c.contextLength;
    o[QStringLiteral("emb_dim")] = c.embDim;
    o[QStringLiteral("n_heads")] = c.nHeads;
    o[QStringLiteral("n_layers")] = c.nLayers;
    o[QStringLiteral("drop_rate")] = c.dropRate;
    o[QStringLiteral("qkv_bias")] = c.qkvBias;
    o[QStringLiteral("mlp")] = c.mlp;
    // Which ids the model reads (beside the book's keys, which the book's code ignores).
    o[QStringLiteral("tokenizer")] = QString::fromStdString(trainer.tokenizerName());
    if (!trainer.charVocabulary().empty()) {
        QJsonArray vocabulary;
        for (const std::string& character : trainer.charVocabulary())
            vocabulary.append(QString::fromStdString(character));
        o[QStringLiteral("vocabulary")] = vocabulary;
    }
    return QJsonDocument(o).toJson();
}

QString writeFile(const QString& path, const QByteArray& bytes)
{
    OutputFile file;
    if (QString error = file.open(path); !error.isEmpty())
        return error;
    if (file.device()->write(bytes) != bytes.size())
        return file.writeError();
    return file.commit();
}

} // namespace

QString saveTrainingCheckpoint(const Trainer& trainer, const QString& dir)
{
    if (!QDir().mkpath(dir))
        return TrainingCheckpointText::tr("cannot create the folder %1")
            .arg(QDir::toNativeSeparators(dir));
    const QDir folder(dir);
    if (QString error = writeFile(folder.filePath(QStringLiteral("model.safetensors")),
                                  safetensors(stateDict(trainer)));
        !error.isEmpty())
        return error;
    return writeFile(folder.filePath(QStringLiteral("config.json")), configJson(trainer));
}

} // namespace ae
