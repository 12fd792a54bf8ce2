#include "ZeroCheckpoint.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <utility>
#include <vector>

namespace ae::test {

bool writeZeroCheckpoint(const QString& path, const ZeroCheckpoint& sizes)
{
    const qint64 d = sizes.d, positions = sizes.positions, vocab = sizes.vocab;
    const std::pair<const char*, std::vector<qint64>> tensors[] = {
        {"wte.weight", {vocab, d}},
        {"wpe.weight", {positions, d}},
        {"h.0.ln_1.weight", {d}},
        {"h.0.ln_1.bias", {d}},
        {"h.0.attn.c_attn.weight", {d, 3 * d}},
        {"h.0.attn.c_attn.bias", {3 * d}},
        {"h.0.attn.c_proj.weight", {d, d}},
        {"h.0.attn.c_proj.bias", {d}},
        {"h.0.ln_2.weight", {d}},
        {"h.0.ln_2.bias", {d}},
        {"h.0.mlp.c_fc.weight", {d, 4 * d}},
        {"h.0.mlp.c_fc.bias", {4 * d}},
        {"h.0.mlp.c_proj.weight", {4 * d, d}},
        {"h.0.mlp.c_proj.bias", {d}},
        {"ln_f.weight", {d}},
        {"ln_f.bias", {d}},
    };
    const qint64 elementBytes = sizes.dtype == QLatin1StringView("F32") ? 4 : 2;
    QJsonObject header;
    qint64 offset = 0;
    for (const auto& [name, shape] : tensors) {
        qint64 bytes = elementBytes;
        QJsonArray dims;
        for (const qint64 size : shape) {
            bytes *= size;
            dims.append(size);
        }
        header.insert(QLatin1StringView(name), QJsonObject{{QStringLiteral("dtype"), sizes.dtype},
                                                           {QStringLiteral("shape"), dims},
                                                           {QStringLiteral("data_offsets"),
                                                            QJsonArray{offset, offset + bytes}}});
        offset += bytes;
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    json.append(QByteArray((8 - json.size() % 8) % 8, ' '));
    QByteArray length(8, '\0');
    qToLittleEndian<quint64>(quint64(json.size()), length.data());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(length + json) != 8 + json.size() ||
        !file.resize(8 + json.size() + offset))
        return false; // the data: zeros, a sparse file
    QFile config(QFileInfo(path).dir().filePath(QStringLiteral("config.json")));
    return config.open(QIODevice::WriteOnly) &&
           config.write(QJsonDocument(QJsonObject{{QStringLiteral("n_layer"), 1},
                                                  {QStringLiteral("n_head"), sizes.heads},
                                                  {QStringLiteral("n_embd"), sizes.d},
                                                  {QStringLiteral("n_positions"), sizes.positions},
                                                  {QStringLiteral("n_ctx"), sizes.positions},
                                                  {QStringLiteral("vocab_size"), sizes.vocab}})
                            .toJson()) > 0;
}

} // namespace ae::test
