#include "BookCheckpoint.h"

#include "BookTensorSource.h"
#include "ConfigFile.h"
#include "FiniteScan.h"

#include "ModelMemory.h"
#include "ModelMessages.h"
#include "PthArchive.h"
#include "SafetensorsFile.h"
#include "StateDictUnpickler.h"
#include "TransformerModel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace ae {

// Named rather than anonymous: a unity build may batch this file with Gpt2Model.cpp, whose
// helpers have the same names.
namespace bookload {

QString shapeText(const std::vector<std::int64_t>& shape)
{
    QStringList sizes;
    for (const std::int64_t s : shape)
        sizes << QString::number(s);
    return u'(' + sizes.join(QStringLiteral(", ")) + u')';
}

struct BookConfig
{
    TransformerConfig config;
    bool qkvBias = false;
};

// config.json's keys, each checked for its type and range.
// The training lab's models (training.md §4) say which ids they read, beside the book's keys:
// "tokenizer": "gpt2" (the book's, the default), "ids" (the induction task's ids written out)
// or "chars" with "vocabulary": the vocab_size characters by id.
void readVocabulary(const QJsonObject& o, TransformerConfig& c)
{
    const QJsonValue tokenizer = o.value(QLatin1StringView("tokenizer"));
    if (tokenizer.isUndefined())
        return;
    const QString name = tokenizer.toString();
    if (name != QLatin1StringView("gpt2") && name != QLatin1StringView("ids") &&
        name != QLatin1StringView("chars"))
        throw Failure{BookCheckpoint::tr("the key \"tokenizer\" must be \"gpt2\", \"ids\" or "
                                         "\"chars\"")};
    c.tokenizer = name.toStdString();
    if (name != QLatin1StringView("chars"))
        return;
    const QJsonArray vocabulary = o.value(QLatin1StringView("vocabulary")).toArray();
    if (vocabulary.size() != c.vocabSize)
        throw Failure{BookCheckpoint::tr("\"tokenizer\": \"chars\" needs \"vocabulary\", a list "
                                         "of vocab_size (%1) characters")
                          .arg(c.vocabSize)};
    for (const QJsonValue& v : vocabulary) {
        const QString character = v.toString();
        if (!v.isString() || character.isEmpty() || character.toUcs4().size() != 1 ||
            std::find(c.vocabulary.begin(), c.vocabulary.end(), character.toStdString()) !=
                c.vocabulary.end())
            throw Failure{BookCheckpoint::tr("\"vocabulary\" must list distinct single "
                                             "characters")};
        c.vocabulary.push_back(character.toStdString());
    }
}

BookConfig readConfig(const QByteArray& json)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull() || !doc.isObject())
        throw Failure{BookCheckpoint::tr("not a JSON object (%1)").arg(parseError.errorString())};
    const QJsonObject o = doc.object();
    auto positive = [&](const char* key) {
        const QJsonValue v = o.value(QLatin1StringView(key));
        if (v.isUndefined())
            throw Failure{BookCheckpoint::tr("the key \"%1\" is missing (the book's config has it)")
                              .arg(QLatin1StringView(key))};
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 1 || d > 1e9 || d != std::floor(d))
            throw Failure{BookCheckpoint::tr("the key \"%1\" must be a whole number of at least 1")
                              .arg(QLatin1StringView(key))};
        return int(d);
    };
    auto flag = [&](const char* key, bool fallback) {
        const QJsonValue v = o.value(QLatin1StringView(key));
        if (v.isUndefined())
            return fallback;
        if (!v.isBool())
            throw Failure{BookCheckpoint::tr("the key \"%1\" must be true or false")
                              .arg(QLatin1StringView(key))};
        return v.toBool();
    };
    BookConfig b;
    TransformerConfig& c = b.config;
    c.vocabSize = positive("vocab_size");
    c.nCtx = positive("context_length");
    c.nEmbd = positive("emb_dim");
    c.nHead = positive("n_heads");
    c.nLayer = positive("n_layers");
    const QJsonValue drop = o.value(QLatin1StringView("drop_rate"));
    if (!drop.isUndefined() && (!drop.isDouble() || drop.toDouble() < 0 || drop.toDouble() >= 1))
        throw Failure{BookCheckpoint::tr("the key \"drop_rate\" must be a number in [0, 1)")};
    b.qkvBias = flag("qkv_bias", false);
    c.mlp = flag("mlp", true);
    if (c.nEmbd % c.nHead != 0)
        throw Failure{BookCheckpoint::tr("\"n_heads\" (%1) does not divide \"emb_dim\" (%2)")
                          .arg(c.nHead)
                          .arg(c.nEmbd)};
    readVocabulary(o, c);
    return b;
}

std::string block(int i, const char* rest)
{
    return "trf_blocks." + std::to_string(i) + '.' + rest;
}

// Without config.json: the shapes give every size; the head count is emb_dim / 64.
BookConfig inferConfig(const TensorSource& source)
{
    const auto tok = source.find("tok_emb.weight");
    const auto pos = source.find("pos_emb.weight");
    if (!tok || tok->shape.size() != 2)
        throw Failure{BookCheckpoint::tr("tensor \"tok_emb.weight\" is missing or not a matrix "
                                         "(vocab_size x emb_dim); without config.json the sizes "
                                         "come from it")};
    if (!pos || pos->shape.size() != 2)
        throw Failure{BookCheckpoint::tr("tensor \"pos_emb.weight\" is missing or not a matrix "
                                         "(context_length x emb_dim)")};
    BookConfig b;
    TransformerConfig& c = b.config;
    if (tok->shape[0] < 1 || tok->shape[0] > 1e9 || tok->shape[1] < 1 || tok->shape[1] > 1e6 ||
        pos->shape[0] < 1 || pos->shape[0] > 1e9)
        throw Failure{BookCheckpoint::tr("tensors \"tok_emb.weight\" %1 and \"pos_emb.weight\" "
                                         "%2 have impossible sizes")
                          .arg(shapeText(tok->shape), shapeText(pos->shape))};
    c.vocabSize = int(tok->shape[0]);
    c.nEmbd = int(tok->shape[1]);
    c.nCtx = int(pos->shape[0]);
    if (c.nEmbd % 64 != 0)
        throw Failure{BookCheckpoint::tr("without config.json the head count is emb_dim / 64, but "
                                         "emb_dim (%1, from \"tok_emb.weight\") is not a "
                                         "multiple of 64: add config.json with \"n_heads\"")
                          .arg(c.nEmbd)};
    c.nHead = c.nEmbd / 64;
    while (c.nLayer < 100000 && source.find(block(c.nLayer, "att.W_query.weight")))
        ++c.nLayer;
    if (c.nLayer == 0)
        throw Failure{BookCheckpoint::tr("tensor %1 is missing: a GPTModel has at least one block")
                          .arg(quoted(block(0, "att.W_query.weight")))};
    b.qkvBias = source.find(block(0, "att.W_query.bias")).has_value();
    c.mlp = source.find(block(0, "ff.layers.0.weight")).has_value();
    return b;
}

// Binds the book's tensors into the canonical layout, checking each against the config.
class Binder
{
public:
    Binder(TensorSource& source, TransformerModel& model) : m_source(source), m_model(model) {}

    // The tensor as stored, shape (rows, cols) or (size).
    TensorRef same(const std::string& name, std::vector<std::int64_t> shape)
    {
        std::vector<float> data = read(name, shape);
        return {m_model.own(std::move(data)), shape.size() == 2 ? shape[0] : 1, shape.back()};
    }
    // nn.Linear weights (out, in) stacked side by side transposed: (in, Σ out).
    TensorRef transposed(const std::vector<std::string>& names, std::int64_t out, std::int64_t in)
    {
        const std::int64_t cols = out * std::int64_t(names.size());
        std::vector<float> result(std::size_t(in * cols));
        for (std::size_t k = 0; k < names.size(); ++k) {
            const std::vector<float> w = read(names[k], {out, in});
            for (std::int64_t o = 0; o < out; ++o)
                for (std::int64_t i = 0; i < in; ++i)
                    result[std::size_t(i * cols + std::int64_t(k) * out + o)] =
                        w[std::size_t(o * in + i)];
        }
        return {m_model.own(std::move(result)), in, cols};
    }
    // Vectors (size each) one after the other.
    TensorRef concatenated(const std::vector<std::string>& names, std::int64_t size)
    {
        std::vector<float> result;
        for (const std::string& name : names) {
            const std::vector<float> v = read(name, {size});
            result.insert(result.end(), v.begin(), v.end());
        }
        const auto cols = std::int64_t(result.size());
        return {m_model.own(std::move(result)), 1, cols};
    }
    bool has(const std::string& name) const { return m_source.find(name).has_value(); }

private:
    std::vector<float> read(const std::string& name, const std::vector<std::int64_t>& shape)
    {
        const auto t = m_source.find(name);
        if (!t)
            throw Failure{BookCheckpoint::tr("tensor %1 is missing (the book's GPTModel with this "
                                             "configuration has it)")
                              .arg(quoted(name))};
        if (t->shape != shape)
            throw Failure{
                BookCheckpoint::tr("tensor %1 has shape %2 but the configuration needs %3")
                    .arg(quoted(name), shapeText(t->shape), shapeText(shape))};
        if (t->dtype != "F32" && t->dtype != "F16" && t->dtype != "BF16")
            throw Failure{
                BookCheckpoint::tr("tensor %1 has dtype %2; the book's weights must be F32, "
                                   "F16 or BF16")
                    .arg(quoted(name), QString::fromStdString(t->dtype))};
        std::vector<float> data = m_source.read(name);
        // NaN or ±inf in a weight spreads through every row after it: refused, as GPT-2's.
        if (const std::int64_t at = firstNonFinite(data.data(), std::int64_t(data.size())); at >= 0)
            throw Failure{Gpt2Checkpoint::tr("tensor %1 holds %2 at %3: a checkpoint's weights "
                                             "must all be finite numbers")
                              .arg(quoted(name),
                                   std::isnan(data[std::size_t(at)]) ? QStringLiteral("NaN")
                                   : data[std::size_t(at)] > 0       ? QStringLiteral("+inf")
                                                                     : QStringLiteral("-inf"),
                                   QStringLiteral("[%1]").arg(at))};
        return data;
    }

    TensorSource& m_source;
    TransformerModel& m_model;
};

// A tensor the configuration says the model has not: refused rather than silently dropped.
void refuseExtra(const Binder& b, const std::string& name, const QString& rule)
{
    if (b.has(name))
        throw Failure{BookCheckpoint::tr("tensor %1 is present but %2").arg(quoted(name), rule)};
}

TransformerParams bindParams(const BookConfig& book, Binder& b)
{
    const TransformerConfig& c = book.config;
    const std::int64_t d = c.nEmbd;
    TransformerParams p;
    p.wte = b.same("tok_emb.weight", {c.vocabSize, d});
    p.wpe = b.same("pos_emb.weight", {c.nCtx, d});
    for (int i = 0; i < c.nLayer; ++i) {
        const auto n = [i](const char* rest) { return block(i, rest); };
        TransformerLayerParams l;
        l.ln1Weight = b.same(n("norm1.scale"), {d});
        l.ln1Bias = b.same(n("norm1.shift"), {d});
        l.attnWeight = b.transposed(
            {n("att.W_query.weight"), n("att.W_key.weight"), n("att.W_value.weight")}, d, d);
        if (book.qkvBias)
            l.attnBias = b.concatenated(
                {n("att.W_query.bias"), n("att.W_key.bias"), n("att.W_value.bias")}, d);
        else
            refuseExtra(b, n("att.W_query.bias"),
                        BookCheckpoint::tr("the configuration has qkv_bias false"));
        l.attnProjWeight = b.transposed({n("att.out_proj.weight")}, d, d);
        l.attnProjBias = b.same(n("att.out_proj.bias"), {d});
        if (c.mlp) {
            l.ln2Weight = b.same(n("norm2.scale"), {d});
            l.ln2Bias = b.same(n("norm2.shift"), {d});
            l.fcWeight = b.transposed({n("ff.layers.0.weight")}, 4 * d, d);
            l.fcBias = b.same(n("ff.layers.0.bias"), {4 * d});
            l.fcProjWeight = b.transposed({n("ff.layers.2.weight")}, d, 4 * d);
            l.fcProjBias = b.same(n("ff.layers.2.bias"), {d});
        } else {
            refuseExtra(b, n("ff.layers.0.weight"),
                        BookCheckpoint::tr("the configuration has mlp false"));
        }
        p.layers.push_back(l);
    }
    refuseExtra(b, block(c.nLayer, "att.W_query.weight"),
                BookCheckpoint::tr("the configuration has fewer layers"));
    p.lnfWeight = b.same("final_norm.scale", {d});
    p.lnfBias = b.same("final_norm.shift", {d});
    p.outHead = b.same("out_head.weight", {c.vocabSize, d});
    return p;
}

bool isPth(const QString& file)
{
    return file.endsWith(QLatin1StringView(".pth"), Qt::CaseInsensitive);
}

bool isBook(const QString& file)
{
    if (isPth(file))
        return true;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray length = f.read(8);
    if (length.size() != 8)
        return false;
    std::uint64_t n = 0;
    for (int k = 7; k >= 0; --k)
        n = (n << 8) | std::uint8_t(length[k]);
    const auto size = std::uint64_t(f.size());
    if (n > MaxSafetensorsHeaderBytes || n > size - 8)
        return false;
    const QByteArray start = length + f.read(qint64(n));
    const SafetensorsHeaderResult parsed = parseSafetensorsHeader(start, size);
    return parsed.error.isEmpty() && parsed.header.find("tok_emb.weight");
}

ModelLoadResult load(const QString& path)
{
    std::unique_ptr<TensorSource> source;
    if (isPth(path)) {
        QString error;
        bool ioError = false;
        std::unique_ptr<PthArchive> archive = PthArchive::open(path, error, ioError);
        if (!archive)
            return {nullptr, error, ioError};
        StateDictResult state = unpickleStateDict(archive->pickle());
        if (!state.error.isEmpty())
            return {nullptr, BookCheckpoint::tr("%1: data.pkl refused: %2").arg(path, state.error)};
        try {
            source = pthSource(std::move(archive), std::move(state.tensors));
        } catch (const Failure& failure) {
            return {nullptr, BookCheckpoint::tr("%1: %2").arg(path, failure.message)};
        }
    } else {
        QString error;
        bool ioError = false;
        std::unique_ptr<SafetensorsFile> file = SafetensorsFile::open(path, error, &ioError);
        if (!file)
            return {nullptr, error, ioError};
        source = safetensorsSource(std::move(file));
    }

    const QString configPath = QFileInfo(path).dir().filePath(QStringLiteral("config.json"));
    BookConfig book;
    const ConfigFile configFile = readConfigFile(configPath);
    if (!configFile.error.isEmpty())
        return {nullptr, configFile.error, true};
    try {
        book = configFile.present ? readConfig(configFile.json) : inferConfig(*source);
    } catch (const Failure& failure) {
        return {nullptr, BookCheckpoint::tr("%1: %2").arg(configFile.present ? configPath : path,
                                                          failure.message)};
    }
    TransformerConfig& c = book.config;
    c.family = "book";
    c.nKvHead = c.nHead;
    c.tiedHead = false;
    c.epsilon = 1e-5f;
    if (const auto tok = source->find("tok_emb.weight"))
        c.dtype = tok->dtype;

    // Every weight is copied (transposed, widened) into memory of the model's own, and a .pth's
    // storages are read from the zip besides: refused before that when they would not fit.
    const double copies = 4.0 * parameterCount(c) * (isPth(path) ? 2.0 : 1.0);
    if (QString error = checkConversionBytes(path, copies); !error.isEmpty()) {
        ModelLoadResult refused{nullptr, error, false};
        refused.overMemoryLimit = true;
        return refused;
    }
    auto model = std::make_shared<TransformerModel>(path.toStdString(), c);
    try {
        Binder binder(*source, *model);
        model->mutableParams() = bindParams(book, binder);
    } catch (const Failure& failure) {
        return {nullptr, BookCheckpoint::tr("%1: %2").arg(path, failure.message)};
    }
    // Every weight was copied out of the file: one truncated meanwhile gave zeros instead.
    if (source->changedWhileRead())
        return {nullptr, SafetensorsFile::changedMessage(path), true};
    return {std::move(model), {}};
}

} // namespace bookload

bool isBookCheckpoint(const QString& file)
{
    return bookload::isBook(file);
}

ModelLoadResult loadBookCheckpoint(const QString& path)
{
    return bookload::load(path);
}

} // namespace ae
