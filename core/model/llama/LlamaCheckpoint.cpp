#include "LlamaCheckpoint.h"

#include "ConfigFile.h"
#include "FiniteScan.h"
#include "LlamaConfig.h"
#include "LlamaTokenizerFile.h"
#include "ModelMemory.h"
#include "ModelMessages.h"
#include "SafetensorsShards.h"
#include "TransformerModel.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cmath>

namespace ae {

namespace {

struct Failure
{
    QString message;
};

QString folderOf(const QString& file)
{
    const QFileInfo info(file);
    return info.isDir() ? info.absoluteFilePath() : info.absolutePath();
}

QString shapeText(const std::vector<std::int64_t>& shape)
{
    QStringList sizes;
    for (const std::int64_t s : shape)
        sizes << QString::number(s);
    return u'(' + sizes.join(QStringLiteral(", ")) + u')';
}

// Reads the family's tensors out of the shards, checked against the configuration, into the
// canonical layout.
class Binder
{
public:
    Binder(const SafetensorsShards& shards, TransformerModel& model)
        : m_shards(shards), m_model(model)
    {
    }

    bool has(const std::string& name) const { return m_shards.find(name).entry != nullptr; }

    // A tensor used as stored (rows x cols): in place when F32 and aligned, else widened.
    TensorRef asStored(const std::string& name, std::int64_t rows, std::int64_t cols)
    {
        std::vector<float> storage;
        const float* data = read(name, rows > 0 ? std::vector<std::int64_t>{rows, cols}
                                                : std::vector<std::int64_t>{cols},
                                 storage);
        if (!storage.empty())
            data = m_model.own(std::move(storage));
        return {data, rows > 0 ? rows : 1, cols};
    }
    TensorRef vector(const std::string& name, std::int64_t size) { return asStored(name, 0, size); }

    // nn.Linear weights (out_i x in) side by side, transposed: (in x Σ out_i).
    TensorRef linears(const std::vector<std::string>& names, const std::vector<std::int64_t>& outs,
                      std::int64_t in)
    {
        std::int64_t total = 0;
        for (const std::int64_t out : outs)
            total += out;
        std::vector<float> joined(std::size_t(in * total));
        Eigen::Map<Matrix> target(joined.data(), in, total);
        std::int64_t column = 0;
        for (std::size_t i = 0; i < names.size(); ++i) {
            std::vector<float> storage;
            const float* data = read(names[i], {outs[i], in}, storage);
            target.middleCols(column, outs[i]) =
                Eigen::Map<const Matrix>(data, outs[i], in).transpose();
            column += outs[i];
        }
        return {m_model.own(std::move(joined)), in, total};
    }

    // Vectors end to end: (Σ size_i).
    TensorRef vectors(const std::vector<std::string>& names, const std::vector<std::int64_t>& sizes)
    {
        std::vector<float> joined;
        for (std::size_t i = 0; i < names.size(); ++i) {
            std::vector<float> storage;
            const float* data = read(names[i], {sizes[i]}, storage);
            joined.insert(joined.end(), data, data + sizes[i]);
        }
        const auto n = Eigen::Index(joined.size());
        return {m_model.own(std::move(joined)), 1, n};
    }

private:
    const float* read(const std::string& name, const std::vector<std::int64_t>& shape,
                      std::vector<float>& storage)
    {
        const QString quotedName = u'\u201c' + QString::fromStdString(name) + u'\u201d';
        const SafetensorsShards::Located at = m_shards.find(name);
        if (!at.entry)
            throw Failure{LlamaCheckpoint::tr("%1: tensor %2 is missing (the configuration "
                                              "needs it)")
                              .arg(m_shards.expectedFile(name), quotedName)};
        const QString file = QFileInfo(at.file->path()).fileName();
        if (at.entry->shape != shape)
            throw Failure{LlamaCheckpoint::tr("%1: tensor %2 has shape %3 but the "
                                              "configuration needs %4")
                              .arg(file, quotedName, shapeText(at.entry->shape),
                                   shapeText(shape))};
        const float* data = at.file->floats(*at.entry, storage);
        if (!data)
            throw Failure{LlamaCheckpoint::tr("%1: tensor %2 has dtype %3; weights must be "
                                              "F32, F16 or BF16")
                              .arg(file, quotedName,
                                   QLatin1StringView(dtypeName(at.entry->dtype)))};
        const std::int64_t n = at.entry->elementCount();
        if (const std::int64_t bad = firstNonFinite(data, n); bad >= 0)
            throw Failure{LlamaCheckpoint::tr("%1: tensor %2 holds %3 at element %4: a "
                                              "checkpoint's weights must all be finite numbers")
                              .arg(file, quotedName,
                                   std::isnan(data[bad]) ? QStringLiteral("NaN")
                                                         : QStringLiteral("\u00b1inf"))
                              .arg(bad)};
        return data;
    }

    const SafetensorsShards& m_shards;
    TransformerModel& m_model;
};

TransformerParams bindParams(const LlamaConfigResult& config, Binder& b)
{
    const TransformerConfig& c = config.config;
    const std::int64_t d = c.nEmbd, qd = c.attentionWidth(), hd = c.headDim();
    const std::int64_t kvd = std::int64_t(c.kvHeads()) * hd, f = c.feedForwardWidth();
    TransformerParams p;
    p.wte = b.asStored("model.embed_tokens.weight", c.vocabSize, d);
    for (int i = 0; i < c.nLayer; ++i) {
        const std::string l = "model.layers." + std::to_string(i) + '.';
        const std::string a = l + "self_attn.";
        TransformerLayerParams lp;
        lp.ln1Weight = b.vector(l + "input_layernorm.weight", d);
        lp.attnWeight =
            b.linears({a + "q_proj.weight", a + "k_proj.weight", a + "v_proj.weight"},
                      {qd, kvd, kvd}, d);
        if (config.attnBias)
            lp.attnBias =
                b.vectors({a + "q_proj.bias", a + "k_proj.bias", a + "v_proj.bias"}, {qd, kvd, kvd});
        if (c.qkNorm) {
            lp.qNormWeight = b.vector(a + "q_norm.weight", hd);
            lp.kNormWeight = b.vector(a + "k_norm.weight", hd);
        }
        lp.attnProjWeight = b.linears({a + "o_proj.weight"}, {d}, qd);
        if (config.outBias)
            lp.attnProjBias = b.vector(a + "o_proj.bias", d);
        lp.ln2Weight = b.vector(l + "post_attention_layernorm.weight", d);
        lp.fcGateWeight = b.linears({l + "mlp.gate_proj.weight"}, {f}, d);
        lp.fcWeight = b.linears({l + "mlp.up_proj.weight"}, {f}, d);
        lp.fcProjWeight = b.linears({l + "mlp.down_proj.weight"}, {d}, f);
        p.layers.push_back(lp);
    }
    p.lnfWeight = b.vector("model.norm.weight", d);
    // A tied model may still carry lm_head.weight (a copy of the embedding): the config says
    // which is used, as transformers ties them.
    p.outHead = c.tiedHead ? p.wte : b.asStored("lm_head.weight", c.vocabSize, d);
    return p;
}

// Bytes of float32 memory of the model's own: every weight but an F32 embedding and lm_head.
double convertedBytes(const SafetensorsShards& shards)
{
    double bytes = 0;
    for (const SafetensorsShards::Located& at : shards.all()) {
        const std::string& name = at.entry->name;
        const bool inPlace = at.entry->dtype == TensorDtype::F32 &&
                             (name == "model.embed_tokens.weight" || name == "lm_head.weight");
        if (!inPlace)
            bytes += 4.0 * double(at.entry->elementCount());
    }
    return bytes;
}

} // namespace

bool isLlamaCheckpoint(const QString& file)
{
    const QString configPath = QDir(folderOf(file)).filePath(QStringLiteral("config.json"));
    if (!QFileInfo(configPath).isFile())
        return false;
    const ConfigFile config = readConfigFile(configPath);
    if (!config.error.isEmpty())
        return false;
    const QJsonObject o = QJsonDocument::fromJson(config.json).object();
    const QJsonValue type = o.value(QLatin1StringView("model_type"));
    return type.isString() && type.toString() != QLatin1StringView("gpt2");
}

ModelLoadResult loadLlamaCheckpoint(const QString& file)
{
    const QString folder = folderOf(file);
    const QString configPath = QDir(folder).filePath(QStringLiteral("config.json"));
    const ConfigFile configFile = readConfigFile(configPath);
    if (!configFile.error.isEmpty())
        return {nullptr, configFile.error, true};
    LlamaConfigResult config = llamaConfig(configFile.json);
    if (!config.error.isEmpty())
        return {nullptr, LlamaCheckpoint::tr("%1: %2").arg(configPath, config.error)};
    ModelLoadResult result;
    const std::unique_ptr<SafetensorsShards> shards = SafetensorsShards::open(folder, result);
    if (!shards)
        return result;
    if (const auto embed = shards->find("model.embed_tokens.weight"); embed.entry)
        config.config.dtype = dtypeName(embed.entry->dtype);
    if (QString error = checkConversionBytes(folder, convertedBytes(*shards)); !error.isEmpty()) {
        ModelLoadResult refused{nullptr, error, false};
        refused.overMemoryLimit = true;
        return refused;
    }
    LlamaTokenizerFile tokenizer = readLlamaTokenizer(folder, config.config);
    if (!tokenizer.error.isEmpty())
        return {nullptr, tokenizer.error};
    config.config.ownTokenizer = std::move(tokenizer.tokenizer);
    auto model = std::make_shared<TransformerModel>(folder.toStdString(), config.config);
    try {
        Binder binder(*shards, *model);
        model->mutableParams() = bindParams(config, binder);
    } catch (const Failure& failure) {
        return {nullptr, LlamaCheckpoint::tr("%1: %2").arg(folder, failure.message)};
    }
    if (shards->changedWhileRead())
        return {nullptr, SafetensorsFile::changedMessage(folder), true};
    for (const auto& mapped : shards->files()) {
        model->watch([mapped] { return mapped->changedWhileRead(); });
        model->keep(mapped);
    }
    return {std::move(model), {}};
}

} // namespace ae
