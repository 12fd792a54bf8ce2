#include "LlamaConfig.h"

#include "ModelMessages.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStringList>

#include <cmath>

namespace ae {

namespace {

// Far beyond Llama 3.1 405B (126 layers, 128 heads, 16384, 131072 positions, 128256 tokens):
// only there so that an absurd config cannot ask for absurd allocations.
constexpr int MaxLayers = 1000;
constexpr int MaxSize = 1 << 24;

struct ConfigFailure
{
    QString message;
};

QString quoted(const QString& key)
{
    return u'\u201c' + key + u'\u201d';
}

class Reader
{
public:
    explicit Reader(const QJsonObject& o) : m_o(o) {}

    bool has(const char* key) const
    {
        const QJsonValue v = m_o.value(QLatin1StringView(key));
        return !v.isUndefined() && !v.isNull();
    }
    int integer(const char* key, int low, int fallback = -1) const
    {
        const QJsonValue v = m_o.value(QLatin1StringView(key));
        if ((v.isUndefined() || v.isNull()) && fallback >= 0)
            return fallback;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != std::floor(d) || d < low || d > MaxSize)
            throw ConfigFailure{LlamaCheckpoint::tr("%1 must be a whole number from %2 to %3")
                                    .arg(quoted(QLatin1StringView(key)))
                                    .arg(low)
                                    .arg(MaxSize)};
        return static_cast<int>(d);
    }
    double number(const QJsonObject& o, const char* key, const char* keyPath, double fallback,
                  double low, double high) const
    {
        const QString path = QString::fromLatin1(keyPath);
        const QJsonValue v = o.value(QLatin1StringView(key));
        if (v.isUndefined() || v.isNull()) {
            if (fallback >= 0)
                return fallback;
            throw ConfigFailure{LlamaCheckpoint::tr("%1 is missing").arg(quoted(path))};
        }
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || !(d > low && d < high))
            throw ConfigFailure{LlamaCheckpoint::tr("%1 must be a number between %2 and %3")
                                    .arg(quoted(path))
                                    .arg(low)
                                    .arg(high)};
        return d;
    }
    double number(const char* key, double fallback, double low, double high) const
    {
        return number(m_o, key, key, fallback, low, high);
    }
    bool boolean(const char* key, bool fallback) const
    {
        const QJsonValue v = m_o.value(QLatin1StringView(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isBool())
            throw ConfigFailure{LlamaCheckpoint::tr("%1 must be true or false")
                                    .arg(quoted(QLatin1StringView(key)))};
        return v.toBool();
    }
    const QJsonObject& object() const { return m_o; }

private:
    QJsonObject m_o;
};

void readRopeScaling(const Reader& r, RotaryPositions& rope)
{
    const QJsonValue value = r.object().value(QLatin1StringView("rope_scaling"));
    if (value.isNull() || value.isUndefined())
        return;
    if (!value.isObject())
        throw ConfigFailure{
            LlamaCheckpoint::tr("\u201crope_scaling\u201d must be null or an object")};
    const QJsonObject s = value.toObject();
    // transformers reads "rope_type", older configs "type".
    const QString type = s.value(QLatin1StringView("rope_type"))
                             .toString(s.value(QLatin1StringView("type")).toString());
    if (type == QLatin1StringView("default"))
        return;
    if (type != QLatin1StringView("llama3"))
        throw ConfigFailure{LlamaCheckpoint::tr("rope_scaling.rope_type \u201c%1\u201d is not "
                                                "supported (only \u201cllama3\u201d scaling is)")
                                .arg(type)};
    rope.llama3Scaling = true;
    rope.scaling.factor = r.number(s, "factor", "rope_scaling.factor", -1, 0, 1e6);
    rope.scaling.lowFreqFactor =
        r.number(s, "low_freq_factor", "rope_scaling.low_freq_factor", -1, 0, 1e6);
    rope.scaling.highFreqFactor =
        r.number(s, "high_freq_factor", "rope_scaling.high_freq_factor", -1, 0, 1e6);
    rope.scaling.originalMaxPositions =
        r.number(s, "original_max_position_embeddings",
                 "rope_scaling.original_max_position_embeddings", -1, 0, 1e9);
    if (!(rope.scaling.highFreqFactor > rope.scaling.lowFreqFactor))
        throw ConfigFailure{LlamaCheckpoint::tr("rope_scaling.high_freq_factor must be larger than "
                                                "rope_scaling.low_freq_factor")};
}

LlamaConfigResult read(const QJsonObject& o)
{
    const Reader r(o);
    LlamaConfigResult result;
    TransformerConfig& c = result.config;
    const QString type = o.value(QLatin1StringView("model_type")).toString();
    if (!isLlamaModelType(type))
        throw ConfigFailure{
            LlamaCheckpoint::tr("model_type \u201c%1\u201d is not one the app opens "
                                "(llama, mistral, qwen2, qwen3; gpt2)")
                .arg(type)};
    c.family = "llama";
    c.modelType = type.toStdString();
    c.nLayer = r.integer("num_hidden_layers", 1);
    if (c.nLayer > MaxLayers)
        throw ConfigFailure{LlamaCheckpoint::tr("\u201cnum_hidden_layers\u201d %1 is more than %2")
                                .arg(c.nLayer)
                                .arg(MaxLayers)};
    c.nEmbd = r.integer("hidden_size", 1);
    c.nHead = r.integer("num_attention_heads", 1);
    c.nKvHead = r.integer("num_key_value_heads", 1, c.nHead);
    if (c.nHead % c.nKvHead != 0)
        throw ConfigFailure{
            LlamaCheckpoint::tr("\u201cnum_key_value_heads\u201d (%1) does not divide "
                                "\u201cnum_attention_heads\u201d (%2)")
                .arg(c.nKvHead)
                .arg(c.nHead)};
    if (!r.has("head_dim") && c.nEmbd % c.nHead != 0)
        throw ConfigFailure{
            LlamaCheckpoint::tr("\u201chidden_size\u201d (%1) is not a multiple of "
                                "\u201cnum_attention_heads\u201d (%2) and there is no "
                                "\u201chead_dim\u201d")
                .arg(c.nEmbd)
                .arg(c.nHead)};
    c.headSize = r.integer("head_dim", 2, c.nEmbd / c.nHead);
    if (c.headSize % 2 != 0)
        throw ConfigFailure{LlamaCheckpoint::tr("\u201chead_dim\u201d %1 is odd: rotary positions "
                                                "turn pairs of dimensions")
                                .arg(c.headSize)};
    c.intermediateSize = r.integer("intermediate_size", 1);
    c.vocabSize = r.integer("vocab_size", 1);
    c.nCtx = r.integer("max_position_embeddings", 1);
    c.contextKey = "max_position_embeddings";
    c.epsilon = static_cast<float>(r.number("rms_norm_eps", 1e-6, 0, 1));
    c.norm = NormKind::RmsNorm;
    c.feedForward = FeedForwardKind::SwiGlu;
    c.rope.on = true;
    c.rope.theta = r.number("rope_theta", 10000, 0, 1e12);
    readRopeScaling(r, c.rope);
    c.tiedHead = r.boolean("tie_word_embeddings", false);
    const QString act = o.value(QLatin1StringView("hidden_act")).toString(QStringLiteral("silu"));
    if (act != QLatin1StringView("silu"))
        throw ConfigFailure{LlamaCheckpoint::tr("hidden_act \u201c%1\u201d is not supported (only "
                                                "\u201csilu\u201d, SwiGLU's gate, is)")
                                .arg(act)};
    if (r.boolean("mlp_bias", false))
        throw ConfigFailure{LlamaCheckpoint::tr("\u201cmlp_bias\u201d true is not supported")};
    const bool qwen = type.startsWith(QLatin1StringView("qwen"));
    if (qwen && r.boolean("use_sliding_window", false))
        throw ConfigFailure{
            LlamaCheckpoint::tr("\u201cuse_sliding_window\u201d true is not supported "
                                "for %1 (its window applies to some layers only)")
                .arg(type)};
    if (type == QLatin1StringView("mistral") && r.has("sliding_window"))
        c.window = r.integer("sliding_window", 1);
    c.qkNorm = type == QLatin1StringView("qwen3");
    const bool attentionBias = r.boolean("attention_bias", false);
    result.attnBias = type == QLatin1StringView("qwen2") || attentionBias;
    result.outBias = attentionBias;
    c.tokenizer = "tokenizer.json";
    return result;
}

} // namespace

bool isLlamaModelType(const QString& modelType)
{
    static const QStringList types = {QStringLiteral("llama"), QStringLiteral("mistral"),
                                      QStringLiteral("qwen2"), QStringLiteral("qwen3")};
    return types.contains(modelType);
}

LlamaConfigResult llamaConfig(const QByteArray& json)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject()) {
        LlamaConfigResult result;
        result.error =
            LlamaCheckpoint::tr("it is not a JSON object (%1)").arg(parseError.errorString());
        return result;
    }
    try {
        return read(document.object());
    } catch (const ConfigFailure& failure) {
        LlamaConfigResult result;
        result.error = failure.message;
        return result;
    }
}

} // namespace ae
