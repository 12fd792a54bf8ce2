#include "Gpt2Config.h"

#include "ModelMessages.h"
#include "SafetensorsHeader.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>

namespace ae {

namespace {

// Far beyond GPT-2 XL (48 layers, 25 heads, 1600, 1024 positions, 50257 tokens): only
// there so that an absurd config cannot ask for absurd allocations.
constexpr int MaxLayers = 1000;
constexpr int MaxSize = 1 << 20;

bool readInt(const QJsonObject& o, const char* key, int low, int& out, QString& error)
{
    const QJsonValue v = o.value(QLatin1StringView(key));
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d) || d < low || d > MaxSize) {
        error = Gpt2Checkpoint::tr("%1 must be a whole number from %2 to %3")
                    .arg(QLatin1StringView(key))
                    .arg(low)
                    .arg(MaxSize);
        return false;
    }
    out = static_cast<int>(d);
    return true;
}

Gpt2ConfigResult fromJson(const QByteArray& json, Gpt2ConfigResult result)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject()) {
        result.configFault = true;
        result.error =
            Gpt2Checkpoint::tr("it is not a JSON object (%1)").arg(parseError.errorString());
        return result;
    }
    const QJsonObject o = document.object();
    TransformerConfig& c = result.config;
    result.configFault = true; // reset when every key was read
    const char* positions = o.contains(QLatin1StringView("n_positions")) ? "n_positions" : "n_ctx";
    if (!readInt(o, "n_layer", 1, c.nLayer, result.error) ||
        !readInt(o, "n_head", 1, c.nHead, result.error) ||
        !readInt(o, "n_embd", 1, c.nEmbd, result.error) ||
        !readInt(o, positions, 1, c.nCtx, result.error) ||
        !readInt(o, "vocab_size", 1, c.vocabSize, result.error))
        return result;
    if (c.nLayer > MaxLayers) {
        result.error =
            Gpt2Checkpoint::tr("n_layer %1 is more than %2").arg(c.nLayer).arg(MaxLayers);
        return result;
    }
    if (c.nEmbd % c.nHead != 0) {
        result.error = Gpt2Checkpoint::tr("n_embd (%1) is not a multiple of n_head (%2)")
                           .arg(c.nEmbd)
                           .arg(c.nHead);
        return result;
    }
    if (o.contains(QLatin1StringView("layer_norm_epsilon"))) {
        const double eps = o.value(QLatin1StringView("layer_norm_epsilon")).toDouble(-1);
        if (!(eps > 0 && eps < 1)) {
            result.error =
                Gpt2Checkpoint::tr("layer_norm_epsilon must be a number between 0 and 1");
            return result;
        }
        c.epsilon = static_cast<float>(eps);
    }
    result.configFault = false;
    return result;
}

// n_layer: one more than the largest i of the "<prefix>h.<i>." names.
int countLayers(const SafetensorsHeader& header, const std::string& prefix)
{
    const std::string start = prefix + "h.";
    long long layers = 0;
    for (const TensorEntry& e : header.tensors) {
        if (e.name.compare(0, start.size(), start) != 0)
            continue;
        long long i = 0;
        std::size_t p = start.size();
        for (; p < e.name.size() && p < start.size() + 7 && e.name[p] >= '0' && e.name[p] <= '9';
             ++p)
            i = i * 10 + (e.name[p] - '0');
        if (p > start.size() && p < e.name.size() && e.name[p] == '.' && i < MaxLayers)
            layers = std::max(layers, i + 1);
    }
    return static_cast<int>(layers);
}

} // namespace

Gpt2ConfigResult gpt2Config(const SafetensorsHeader& header, const QByteArray* configJson)
{
    Gpt2ConfigResult result;
    if (header.find("wte.weight"))
        result.prefix = "";
    else if (header.find("transformer.wte.weight"))
        result.prefix = "transformer.";
    else {
        result.error = Gpt2Checkpoint::tr(
            "not a GPT-2 checkpoint: it has no tensor wte.weight (nor transformer.wte.weight)");
        return result;
    }
    if (configJson)
        return fromJson(*configJson, std::move(result));

    TransformerConfig& c = result.config;
    const TensorEntry* wte = header.find(result.prefix + "wte.weight");
    const TensorEntry* wpe = header.find(result.prefix + "wpe.weight");
    if (wte->shape.size() != 2 || !wpe || wpe->shape.size() != 2 ||
        wte->shape[1] != wpe->shape[1] || wte->shape[0] < 1 || wpe->shape[0] < 1 ||
        wte->shape[1] < 1 || wte->shape[0] > MaxSize * 64 || wpe->shape[0] > MaxSize ||
        wte->shape[1] > MaxSize) {
        result.error = Gpt2Checkpoint::tr(
            "not a GPT-2 checkpoint: wte.weight and wpe.weight must be two matrices with "
            "the same number of columns (n_embd)");
        return result;
    }
    c.vocabSize = static_cast<int>(wte->shape[0]);
    c.nEmbd = static_cast<int>(wte->shape[1]);
    c.nCtx = static_cast<int>(wpe->shape[0]);
    c.nLayer = countLayers(header, result.prefix);
    if (c.nLayer == 0) {
        result.error =
            Gpt2Checkpoint::tr("not a GPT-2 checkpoint: it has no layer tensors (h.0.…)");
        return result;
    }
    if (c.nEmbd % 64 != 0) {
        result.error =
            Gpt2Checkpoint::tr(
                "there is no config.json beside it and n_embd (%1) is not a multiple of 64, "
                "so the number of heads is unknown: put the model's config.json beside it")
                .arg(c.nEmbd);
        return result;
    }
    c.nHead = c.nEmbd / 64;
    return result;
}

} // namespace ae
