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

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

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

// Where converted floats go: the model's own memory (converted at load) or one block's
// (converted on use).
using Keep = std::function<const float*(std::vector<float>)>;

// rows (out x in) = the tensor as stored, widened from F16/BF16 bits when `half`, in parallel
// blocks of rows (a sequential pass over both).
void widenInto(const float* data, const std::uint16_t* half, bool bf16, Eigen::Ref<Matrix> rows)
{
    const Eigen::Index n = rows.size();
    float* out = rows.data(); // rows of the target are contiguous: it is a block of whole rows
    if (data) {
        std::copy(data, data + n, out);
        return;
    }
#pragma omp parallel for schedule(static) if (n >= (1 << 20))
    for (Eigen::Index i = 0; i < n; ++i)
        out[i] = bf16 ? std::bit_cast<float>(std::uint32_t(half[i]) << 16) : halfToFloat(half[i]);
}

// Reads the family's tensors out of the shards, checked against the configuration, into the
// canonical layout. With `checkOnly` it checks names, shapes and dtypes from the headers and
// reads nothing (the tensors it returns are empty).
class Binder
{
public:
    Binder(const SafetensorsShards& shards, Keep keep, bool checkOnly = false)
        : m_shards(shards), m_keep(std::move(keep)), m_checkOnly(checkOnly)
    {
    }

    // A tensor used as stored (rows x cols): in place when F32 and aligned, else widened.
    TensorRef asStored(const std::string& name, std::int64_t rows, std::int64_t cols)
    {
        std::vector<float> storage;
        const float* data =
            read(name,
                 rows > 0 ? std::vector<std::int64_t>{rows, cols} : std::vector<std::int64_t>{cols},
                 storage);
        if (!data)
            return {};
        if (!storage.empty())
            data = m_keep(std::move(storage));
        return {data, rows > 0 ? rows : 1, cols};
    }
    TensorRef vector(const std::string& name, std::int64_t size) { return asStored(name, 0, size); }

    // A matrix kept in the file's F16/BF16 (rows widened as read: TensorRef::half), or as
    // asStored() when it is F32 or not 2-byte aligned.
    TensorRef inFileDtype(const std::string& name, std::int64_t rows, std::int64_t cols)
    {
        const SafetensorsShards::Located at = locate(name, {rows, cols});
        if (const std::uint16_t* half = at.file->halves(*at.entry); half && !m_checkOnly)
            return {nullptr, rows, cols, half, at.entry->dtype == TensorDtype::BF16};
        return asStored(name, rows, cols);
    }

    // An nn.Linear weight (out x in) as stored, used transposed: an (in x out) weight
    // (TensorRef::transposed), so nothing is transposed in memory. F32 is read in place from
    // the mapping (scanned for NaN first: read()); F16/BF16 is widened in one sequential pass.
    TensorRef linear(const std::string& name, std::int64_t out, std::int64_t in)
    {
        const SafetensorsShards::Located at = locate(name, {out, in});
        if (m_checkOnly)
            return {};
        const std::uint16_t* half = at.file->halves(*at.entry);
        std::vector<float> storage;
        const float* data = half ? nullptr : read(name, {out, in}, storage);
        if (half || !storage.empty()) { // widened, or an F32 tensor the mapping misaligns
            std::vector<float> widened(std::size_t(out * in));
            widenInto(data, half, at.entry->dtype == TensorDtype::BF16,
                      Eigen::Map<Matrix>(widened.data(), out, in));
            data = m_keep(std::move(widened));
        }
        TensorRef weight{data, in, out};
        weight.transposed = true;
        return weight;
    }

    // Vectors end to end: (Σ size_i).
    TensorRef vectors(const std::vector<std::string>& names, const std::vector<std::int64_t>& sizes)
    {
        std::vector<float> joined;
        for (std::size_t i = 0; i < names.size(); ++i) {
            std::vector<float> storage;
            if (const float* data = read(names[i], {sizes[i]}, storage))
                joined.insert(joined.end(), data, data + sizes[i]);
        }
        if (m_checkOnly)
            return {};
        const auto n = Eigen::Index(joined.size());
        return {m_keep(std::move(joined)), 1, n};
    }

private:
    SafetensorsShards::Located locate(const std::string& name,
                                      const std::vector<std::int64_t>& shape) const
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
                              .arg(file, quotedName, shapeText(at.entry->shape), shapeText(shape))};
        const TensorDtype dtype = at.entry->dtype;
        if (dtype != TensorDtype::F32 && dtype != TensorDtype::F16 && dtype != TensorDtype::BF16)
            throw Failure{LlamaCheckpoint::tr("%1: tensor %2 has dtype %3; weights must be "
                                              "F32, F16 or BF16")
                              .arg(file, quotedName, QLatin1StringView(dtypeName(dtype)))};
        return at;
    }

    // The tensor's floats (null with checkOnly). F32 weights converted at load are scanned for
    // NaN and infinities (refused naming the element); blocks converted on use are not (the
    // scan would read the whole file at load).
    const float* read(const std::string& name, const std::vector<std::int64_t>& shape,
                      std::vector<float>& storage)
    {
        const SafetensorsShards::Located at = locate(name, shape);
        if (m_checkOnly)
            return nullptr;
        const float* data = at.file->floats(*at.entry, storage);
        if (at.entry->dtype != TensorDtype::F32)
            return data;
        const std::int64_t n = at.entry->elementCount();
        if (const std::int64_t bad = firstNonFinite(data, n); bad >= 0)
            throw Failure{LlamaCheckpoint::tr("%1: tensor %2 holds %3 at element %4: a "
                                              "checkpoint's weights must all be finite numbers")
                              .arg(QFileInfo(at.file->path()).fileName(),
                                   u'\u201c' + QString::fromStdString(name) + u'\u201d',
                                   std::isnan(data[bad]) ? QStringLiteral("NaN")
                                                         : QStringLiteral("\u00b1inf"))
                              .arg(bad)};
        return data;
    }

    const SafetensorsShards& m_shards;
    Keep m_keep;
    bool m_checkOnly;
};

TransformerLayerParams bindLayer(const LlamaConfigResult& config, Binder& b, int i)
{
    const TransformerConfig& c = config.config;
    const std::int64_t d = c.nEmbd, qd = c.attentionWidth(), hd = c.headDim();
    const std::int64_t kvd = std::int64_t(c.kvHeads()) * hd, f = c.feedForwardWidth();
    const std::string l = "model.layers." + std::to_string(i) + '.';
    const std::string a = l + "self_attn.";
    TransformerLayerParams lp;
    lp.ln1Weight = b.vector(l + "input_layernorm.weight", d);
    lp.queryWeight = b.linear(a + "q_proj.weight", qd, d);
    lp.keyWeight = b.linear(a + "k_proj.weight", kvd, d);
    lp.valueWeight = b.linear(a + "v_proj.weight", kvd, d);
    if (config.attnBias)
        lp.attnBias =
            b.vectors({a + "q_proj.bias", a + "k_proj.bias", a + "v_proj.bias"}, {qd, kvd, kvd});
    if (c.qkNorm) {
        lp.qNormWeight = b.vector(a + "q_norm.weight", hd);
        lp.kNormWeight = b.vector(a + "k_norm.weight", hd);
    }
    lp.attnProjWeight = b.linear(a + "o_proj.weight", d, qd);
    if (config.outBias)
        lp.attnProjBias = b.vector(a + "o_proj.bias", d);
    lp.ln2Weight = b.vector(l + "post_attention_layernorm.weight", d);
    lp.fcGateWeight = b.linear(l + "mlp.gate_proj.weight", f, d);
    lp.fcWeight = b.linear(l + "mlp.up_proj.weight", f, d);
    lp.fcProjWeight = b.linear(l + "mlp.down_proj.weight", d, f);
    return lp;
}

// The embedding, the final norm and the output head (the blocks are bound by bindLayer).
void bindEnds(const LlamaConfigResult& config, Binder& b, TransformerParams& p)
{
    const TransformerConfig& c = config.config;
    p.wte = b.inFileDtype("model.embed_tokens.weight", c.vocabSize, c.nEmbd);
    p.lnfWeight = b.vector("model.norm.weight", c.nEmbd);
    // A tied model may still carry lm_head.weight (a copy of the embedding): the config says
    // which is used, as transformers ties them.
    p.outHead = c.tiedHead ? p.wte : b.inFileDtype("lm_head.weight", c.vocabSize, c.nEmbd);
}

struct ConvertedLayer
{
    TransformerLayerParams params;
    std::vector<std::vector<float>> storage;
};

// Half-precision blocks stay in the file and are converted when a forward reaches them.
void convertOnUse(const LlamaConfigResult& config, std::shared_ptr<const SafetensorsShards> shards,
                  TransformerModel& model)
{
    double stored = 0, largest = 0;
    for (int i = 0; i < config.config.nLayer; ++i) {
        double layerFloats = 0;
        const std::string prefix = "model.layers." + std::to_string(i) + '.';
        for (const SafetensorsShards::Located& at : shards->all())
            if (at.entry->name.rfind(prefix, 0) == 0) {
                layerFloats += double(at.entry->elementCount());
                stored += double(at.entry->end - at.entry->begin);
            }
        largest = std::max(largest, 4.0 * layerFloats);
    }
    model.convertLayersOnUse(
        [config, shards](int layer) {
            auto converted = std::make_shared<ConvertedLayer>();
            Binder binder(*shards, [&converted](std::vector<float> floats) {
                converted->storage.push_back(std::move(floats));
                return static_cast<const float*>(converted->storage.back().data());
            });
            converted->params = bindLayer(config, binder, layer);
            return std::shared_ptr<const TransformerLayerParams>(converted, &converted->params);
        },
        largest, stored);
}

// Bytes of float32 memory of the model's own: the vectors (norms, biases) widened or copied at
// load. F32 matrices are read in place; F16/BF16 blocks are widened when used
// (convertOnUse), their embedding and head read in place.
double convertedBytes(const SafetensorsShards& shards)
{
    double bytes = 0;
    for (const SafetensorsShards::Located& at : shards.all())
        if (at.entry->shape.size() == 1)
            bytes += 4.0 * double(at.entry->elementCount());
    return bytes;
}

// Whether the blocks are kept in the file's F16/BF16 (their first weight says).
bool halfPrecisionBlocks(const SafetensorsShards& shards)
{
    const auto at = shards.find("model.layers.0.self_attn.q_proj.weight");
    return at.entry && at.entry->dtype != TensorDtype::F32;
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
    std::unique_ptr<SafetensorsShards> shards = SafetensorsShards::open(folder, result);
    if (!shards)
        return result;
    if (const auto embed = shards->find("model.embed_tokens.weight"); embed.entry)
        config.config.dtype = dtypeName(embed.entry->dtype);
    const bool onUse = halfPrecisionBlocks(*shards);
    if (QString error = checkConversionBytes(folder, convertedBytes(*shards)); !error.isEmpty()) {
        ModelLoadResult refused{nullptr, error, false};
        refused.overMemoryLimit = true;
        return refused;
    }
    LlamaTokenizerFile tokenizer = readLlamaTokenizer(folder, config.config);
    if (!tokenizer.error.isEmpty())
        return {nullptr, tokenizer.error};
    config.config.ownTokenizer = std::move(tokenizer.tokenizer);
    config.config.qkvBias = config.attnBias;
    auto model = std::make_shared<TransformerModel>(folder.toStdString(), config.config);
    const std::shared_ptr<const SafetensorsShards> shared(shards.release());
    try {
        Binder binder(
            *shared, [&model](std::vector<float> floats) { return model->own(std::move(floats)); });
        TransformerParams& p = model->mutableParams();
        bindEnds(config, binder, p);
        Binder checker(*shared, {}, true);
        for (int i = 0; i < config.config.nLayer; ++i)
            if (onUse)
                bindLayer(config, checker, i); // every tensor named and shaped as it must be
            else
                p.layers.push_back(bindLayer(config, binder, i));
    } catch (const Failure& failure) {
        return {nullptr, LlamaCheckpoint::tr("%1: %2").arg(folder, failure.message)};
    }
    if (onUse)
        convertOnUse(config, shared, *model);
    if (shared->changedWhileRead())
        return {nullptr, SafetensorsFile::changedMessage(folder), true};
    for (const auto& mapped : shared->files()) {
        model->watch([mapped] { return mapped->changedWhileRead(); });
        model->keep(mapped);
    }
    return {std::move(model), {}};
}

} // namespace ae
