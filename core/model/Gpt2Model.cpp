#include "Gpt2Model.h"

#include "ConfigFile.h"
#include "FiniteScan.h"
#include "Gpt2Config.h"
#include "ModelMemory.h"
#include "ModelMessages.h"
#include "SafetensorsFile.h"
#include "TransformerModel.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ae {

namespace {

struct Failure
{
    QString message;
};

QString shapeText(const std::vector<std::int64_t>& shape)
{
    QStringList sizes;
    for (const std::int64_t s : shape)
        sizes << QString::number(s);
    return u'(' + sizes.join(QStringLiteral(", ")) + u')';
}

// Binds the tensors GPT-2 needs, checking each against the configuration.
class Binder
{
public:
    Binder(const SafetensorsFile& file, const std::string& prefix, TransformerModel& model)
        : m_file(file), m_prefix(prefix), m_model(model)
    {
    }

    TensorRef matrix(const std::string& name, std::int64_t rows, std::int64_t cols)
    {
        return bind(name, {rows, cols});
    }
    TensorRef vector(const std::string& name, std::int64_t size) { return bind(name, {size}); }

private:
    TensorRef bind(const std::string& shortName, const std::vector<std::int64_t>& shape)
    {
        const std::string name = m_prefix + shortName;
        const QString quoted = u'\u201c' + QString::fromStdString(name) + u'\u201d';
        const TensorEntry* entry = m_file.header().find(name);
        if (!entry)
            throw Failure{
                Gpt2Checkpoint::tr("tensor %1 is missing (a GPT-2 checkpoint has it)").arg(quoted)};
        if (entry->shape != shape)
            throw Failure{
                Gpt2Checkpoint::tr("tensor %1 has shape %2 but the configuration needs %3")
                    .arg(quoted, shapeText(entry->shape), shapeText(shape))};
        if (entry->dtype != TensorDtype::F32 && entry->dtype != TensorDtype::F16 &&
            entry->dtype != TensorDtype::BF16)
            throw Failure{
                Gpt2Checkpoint::tr("tensor %1 has dtype %2; GPT-2 weights must be F32, F16 or BF16")
                    .arg(quoted, QLatin1StringView(dtypeName(entry->dtype)))};
        std::vector<float> storage;
        const float* data = m_file.floats(*entry, storage);
        if (!storage.empty())
            data = m_model.own(std::move(storage));
        const TensorRef tensor{data, shape.size() == 2 ? shape[0] : 1, shape.back()};
        // NaN or ±inf in a weight spreads through every row after it and shows as "nan"
        // probabilities: refused here, once, at memory speed (this also pages the weights in).
        if (const std::int64_t at = firstNonFinite(data, tensor.rows * tensor.cols); at >= 0) {
            const float value = data[at];
            const QString where =
                shape.size() == 2
                    ? QStringLiteral("[%1, %2]").arg(at / tensor.cols).arg(at % tensor.cols)
                    : QStringLiteral("[%1]").arg(at);
            throw Failure{Gpt2Checkpoint::tr("tensor %1 holds %2 at %3: a checkpoint's weights "
                                             "must all be finite numbers")
                              .arg(quoted,
                                   std::isnan(value) ? QStringLiteral("NaN")
                                   : value > 0       ? QStringLiteral("+inf")
                                                     : QStringLiteral("-inf"),
                                   where)};
        }
        return tensor;
    }

    const SafetensorsFile& m_file;
    std::string m_prefix;
    TransformerModel& m_model;
};

TransformerParams bindParams(const TransformerConfig& c, Binder& b)
{
    const std::int64_t d = c.nEmbd;
    TransformerParams p;
    p.wte = b.matrix("wte.weight", c.vocabSize, d);
    p.wpe = b.matrix("wpe.weight", c.nCtx, d);
    for (int i = 0; i < c.nLayer; ++i) {
        const std::string h = "h." + std::to_string(i) + '.';
        TransformerLayerParams l;
        l.ln1Weight = b.vector(h + "ln_1.weight", d);
        l.ln1Bias = b.vector(h + "ln_1.bias", d);
        l.attnWeight = b.matrix(h + "attn.c_attn.weight", d, 3 * d);
        l.attnBias = b.vector(h + "attn.c_attn.bias", 3 * d);
        l.attnProjWeight = b.matrix(h + "attn.c_proj.weight", d, d);
        l.attnProjBias = b.vector(h + "attn.c_proj.bias", d);
        l.ln2Weight = b.vector(h + "ln_2.weight", d);
        l.ln2Bias = b.vector(h + "ln_2.bias", d);
        l.fcWeight = b.matrix(h + "mlp.c_fc.weight", d, 4 * d);
        l.fcBias = b.vector(h + "mlp.c_fc.bias", 4 * d);
        l.fcProjWeight = b.matrix(h + "mlp.c_proj.weight", 4 * d, d);
        l.fcProjBias = b.vector(h + "mlp.c_proj.bias", d);
        p.layers.push_back(l);
    }
    p.lnfWeight = b.vector("ln_f.weight", d);
    p.lnfBias = b.vector("ln_f.bias", d);
    p.outHead = p.wte;
    return p;
}

} // namespace

ModelLoadResult loadGpt2Checkpoint(const QString& path)
{
    QString error;
    bool ioError = false;
    std::unique_ptr<SafetensorsFile> file = SafetensorsFile::open(path, error, &ioError);
    if (!file)
        return {nullptr, error, ioError};

    const QString configPath = QFileInfo(path).dir().filePath(QStringLiteral("config.json"));
    const ConfigFile configFile = readConfigFile(configPath);
    if (!configFile.error.isEmpty())
        return {nullptr, configFile.error, true};
    Gpt2ConfigResult config =
        gpt2Config(file->header(), configFile.present ? &configFile.json : nullptr);
    if (!config.error.isEmpty())
        return {nullptr, Gpt2Checkpoint::tr("%1: %2").arg(config.configFault ? configPath : path,
                                                          config.error)};

    config.config.family = "gpt2";
    config.config.nKvHead = config.config.nHead;
    if (const TensorEntry* wte = file->header().find(config.prefix + "wte.weight"))
        config.config.dtype = dtypeName(wte->dtype); // else binding refuses the checkpoint
    // F16 and BF16 tensors are widened into memory of the model's own: refused before that
    // when they would not fit (F32 is read in place from the mapping).
    double widened = 0;
    for (const TensorEntry& entry : file->header().tensors)
        if (entry.dtype != TensorDtype::F32)
            widened += 4.0 * double(entry.elementCount());
    if (QString error = checkConversionBytes(path, widened); !error.isEmpty()) {
        ModelLoadResult refused{nullptr, error, false};
        refused.overMemoryLimit = true;
        return refused;
    }
    auto model = std::make_shared<TransformerModel>(path.toStdString(), config.config);
    try {
        Binder binder(*file, config.prefix, *model);
        model->mutableParams() = bindParams(config.config, binder);
    } catch (const Failure& failure) {
        return {nullptr, Gpt2Checkpoint::tr("%1: %2").arg(path, failure.message)};
    }
    // Binding read every weight: a file truncated meanwhile gave zeros, not these weights.
    if (file->changedWhileRead())
        return {nullptr, SafetensorsFile::changedMessage(path), true};
    std::shared_ptr<const SafetensorsFile> mapped(std::move(file));
    model->watch([mapped] { return mapped->changedWhileRead(); });
    model->keep(std::move(mapped));
    return {std::move(model), {}};
}

} // namespace ae
