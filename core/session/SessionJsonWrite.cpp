#include "SessionJson.h"

#include "SessionEnums.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <charconv>

namespace ae {

namespace {

// The shortest decimal that reads back as the same float: 0.43f is written as 0.43,
// not as 0.4300000071525574, so hand-written tables stay as the user typed them.
double shortestDouble(float value)
{
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    double result = 0;
    std::from_chars(buffer, end, result);
    return result;
}

QJsonArray rowsToJson(const Matrix& m)
{
    QJsonArray rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            row.append(shortestDouble(m(i, j)));
        rows.append(row);
    }
    return rows;
}

QString keyText(std::string_view key)
{
    return QString::fromLatin1(key.data(), qsizetype(key.size()));
}

} // namespace

QJsonObject sessionToJsonObject(const Session& s)
{
    QJsonObject o;
    o[QStringLiteral("format")] = QLatin1StringView(SessionFormatTag);
    o[QStringLiteral("version")] = SessionFormatVersion;
    if (!s.title.empty())
        o[QStringLiteral("title")] = QString::fromStdString(s.title);
    if (!s.description.empty())
        o[QStringLiteral("description")] = QString::fromStdString(s.description);
    o[QStringLiteral("sentence")] = QString::fromStdString(s.sentence);
    if (!s.model.empty()) { // the random module's keys would be refused beside it
        o[QStringLiteral("model")] = QString::fromStdString(s.model);
        if (s.truncate)
            o[QStringLiteral("truncate")] = true;
        return o;
    }
    o[QStringLiteral("source_sentence")] = QString::fromStdString(s.sourceSentence);
    o[QStringLiteral("tokenizer")] = keyText(toKey(s.tokenizer));
    o[QStringLiteral("cpu_capability")] = keyText(toKey(s.cpuCapability));
    o[QStringLiteral("positional")] = keyText(toKey(s.positional));
    o[QStringLiteral("context_length")] = qint64(s.contextLength);
    o[QStringLiteral("embedding")] = keyText(toKey(s.embedding));
    o[QStringLiteral("embedding_seed")] = qint64(s.embeddingSeed);
    o[QStringLiteral("vocab_size")] = qint64(s.vocabSize);
    o[QStringLiteral("d_in")] = s.dIn;
    // Rows not typed yet are left out rather than written as [], which would not read back.
    if (s.embedding == EmbeddingSource::Manual && s.inputs.size() > 0)
        o[QStringLiteral("inputs")] = rowsToJson(s.inputs);
    if (s.embedding == EmbeddingSource::Manual && s.isCross() && s.sourceInputs.size() > 0)
        o[QStringLiteral("source_inputs")] = rowsToJson(s.sourceInputs);
    o[QStringLiteral("variant")] = keyText(toKey(s.variant));
    o[QStringLiteral("init")] = keyText(toKey(s.init));
    o[QStringLiteral("d_out_kq")] = s.dOutKq;
    o[QStringLiteral("d_out_v")] = s.dOutV;
    o[QStringLiteral("num_heads")] = s.numHeads;
    o[QStringLiteral("qkv_bias")] = s.qkvBias;
    o[QStringLiteral("weight_seed")] = qint64(s.weightSeed);
    o[QStringLiteral("causal")] = s.causal;
    o[QStringLiteral("mask_method")] = keyText(toKey(s.maskMethod));
    o[QStringLiteral("dropout")] = s.dropout;
    o[QStringLiteral("training")] = s.training;
    o[QStringLiteral("dropout_seed")] =
        s.dropoutSeed ? QJsonValue(qint64(*s.dropoutSeed)) : QJsonValue();
    // Today's keys only when they differ from their defaults: a session that does not use them
    // is saved as before (num_kv_heads and window have no value that means "none").
    const Session defaults;
    if (s.rope != defaults.rope)
        o[QStringLiteral("rope")] = s.rope;
    if (s.ropeStyle != defaults.ropeStyle)
        o[QStringLiteral("rope_style")] = keyText(toKey(s.ropeStyle));
    if (s.ropeTheta != defaults.ropeTheta)
        o[QStringLiteral("rope_theta")] = s.ropeTheta;
    if (s.numKvHeads > 0)
        o[QStringLiteral("num_kv_heads")] = s.numKvHeads;
    if (s.window > 0)
        o[QStringLiteral("window")] = s.window;
    if (s.kernel != defaults.kernel)
        o[QStringLiteral("kernel")] = keyText(toKey(s.kernel));
    if (s.blockQ != defaults.blockQ)
        o[QStringLiteral("block_q")] = s.blockQ;
    if (s.blockK != defaults.blockK)
        o[QStringLiteral("block_k")] = s.blockK;
    return o;
}

QByteArray sessionToJson(const Session& s)
{
    return QJsonDocument(sessionToJsonObject(s)).toJson(QJsonDocument::Indented);
}

} // namespace ae
