#include "SessionJson.h"

#include "SessionReader.h"

#include "Limits.h"
#include "MessageText.h"
#include "SessionEnums.h"
#include "Spelling.h"
#include "Tokenizer.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <limits>

namespace ae {

using namespace sessionjson;

namespace {

void checkKeys(const QJsonObject& object, Problems& problems)
{
    const QStringList known = sessionKeys() + todaysSessionKeys() + modelSessionKeys();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (known.contains(it.key()))
            continue;
        problems.read([&] {
            const std::optional<QString> meant = closestMatch(it.key(), known);
            fail(it.key().left(limits::MaxKeyChars),
                 meant ? SessionJson::tr("unknown key %1: did you mean %2?")
                             .arg(quotedForMessage(it.key()), quotedForMessage(*meant))
                       : SessionJson::tr("unknown key %1; a session knows: %2")
                             .arg(quotedForMessage(it.key()), known.join(QStringLiteral(", "))));
        });
    }
}

// The keys that configure the random attention module (spec gpt2.md §2): a checkpoint
// brings its own weights, embeddings and tokenizer, so beside "model" they are refused.
const char* const RandomModuleKeys[] = {
    "variant",         "init",        "d_in",           "d_out_kq",     "d_out_v",    "num_heads",
    "qkv_bias",        "weight_seed", "embedding_seed", "dropout_seed", "embedding",  "inputs",
    "source_inputs",   "positional",  "context_length", "vocab_size",   "dropout",    "training",
    "source_sentence", "causal",      "mask_method",    "rope",         "rope_style", "rope_theta",
    "num_kv_heads",    "window",      "kernel",         "block_q",      "block_k",
};

void checkModelKeys(const Reader& r, Problems& problems)
{
    for (const char* key : RandomModuleKeys)
        if (r.has(key))
            problems.read([&] {
                fail(QLatin1StringView(key),
                     SessionJson::tr(
                         "%1 configures the random attention module and cannot be used with "
                         "model: the GPT-2 checkpoint brings its own weights, embeddings "
                         "and tokenizer")
                         .arg(QLatin1StringView(key)));
            });
    if (r.has("tokenizer") && r.at("tokenizer").toString() != QLatin1StringView("gpt2"))
        problems.read([&] {
            fail(QStringLiteral("tokenizer"),
                 SessionJson::tr("tokenizer must be \"gpt2\" (or left out) with model: a GPT-2 "
                                 "checkpoint reads GPT-2's byte-pair tokens"));
        });
}

Session parseModel(const Reader& r, Problems& problems)
{
    Session s;
    checkModelKeys(r, problems);
    problems.read([&] {
        s.model = r.string("model");
        if (s.model.empty())
            fail(QStringLiteral("model"),
                 SessionJson::tr("model must be the path of a GPT-2 model.safetensors, not empty"));
    });
    problems.read([&] {
        if (r.has("truncate"))
            s.truncate = r.boolean("truncate");
    });
    problems.read([&] {
        if (r.has("title"))
            s.title = r.string("title");
    });
    problems.read([&] {
        if (r.has("description"))
            s.description = r.string("description");
    });
    problems.read([&] {
        if (r.has("sentence"))
            s.sentence = r.string("sentence");
    });
    problems.read([&] {
        if (r.has("cpu_capability"))
            s.cpuCapability = r.choice<CpuCapability>("cpu_capability");
    });
    return s;
}

// The keys of todays-attention.md: RoPE, grouped key/value heads, windows, the flash kernel.
// Combinations (RoPE on simplified attention, flash with dropout, ...) are the validator's.
void parseTodaysKeys(const Reader& r, Session& s, Problems& problems)
{
    const auto read = [&](auto&& readKey) { problems.read(readKey); };
    read([&] {
        if (r.has("rope"))
            s.rope = r.boolean("rope");
    });
    read([&] {
        if (r.has("rope_style"))
            s.ropeStyle = r.choice<RopeStyle>("rope_style");
    });
    read([&] {
        if (!r.has("rope_theta"))
            return;
        const double theta = r.number("rope_theta");
        if (!(theta > 0.0 && theta <= double(std::numeric_limits<float>::max())))
            fail(QStringLiteral("rope_theta"),
                 SessionJson::tr("rope_theta must be a number above 0 (float32), not %1")
                     .arg(theta));
        s.ropeTheta = theta;
    });
    read([&] {
        if (r.has("num_kv_heads"))
            s.numKvHeads = int(r.integer("num_kv_heads", 1, limits::MaxHeads));
    });
    read([&] {
        if (r.has("window"))
            s.window = int(r.integer("window", 1, limits::MaxWindow));
    });
    read([&] {
        if (r.has("kernel"))
            s.kernel = r.choice<KernelKind>("kernel");
    });
    read([&] {
        if (r.has("block_q"))
            s.blockQ = int(r.integer("block_q", 1, limits::MaxWindow));
    });
    read([&] {
        if (r.has("block_k"))
            s.blockK = int(r.integer("block_k", 1, limits::MaxWindow));
    });
}

Session parse(const QJsonObject& object, Problems& problems)
{
    checkKeys(object, problems);
    const Reader r(object);
    if (r.has("model"))
        return parseModel(r, problems);
    Session s;
    // Each key on its own: a key that cannot be read leaves its default and the others are
    // still read, so that every problem of the file is reported at once.
    const auto read = [&](auto&& readKey) { problems.read(readKey); };
    read([&] {
        if (r.has("truncate"))
            fail(QStringLiteral("truncate"),
                 SessionJson::tr("truncate applies only with model: the random attention module "
                                 "reads any number of tokens"));
    });
    read([&] {
        if (r.has("format") && r.string("format") != SessionFormatTag)
            fail(QStringLiteral("format"),
                 SessionJson::tr("format must be \"%1\"").arg(QLatin1StringView(SessionFormatTag)));
    });
    read([&] {
        if (r.has("version") && r.integer("version", 1, 1'000'000) > SessionFormatVersion)
            fail(QStringLiteral("version"),
                 SessionJson::tr("version %1 was written by a newer Attention Explorer (this one "
                                 "reads version %2)")
                     .arg(r.integer("version", 1, 1'000'000))
                     .arg(SessionFormatVersion));
    });
    read([&] {
        if (r.has("title"))
            s.title = r.string("title");
    });
    read([&] {
        if (r.has("description"))
            s.description = r.string("description");
    });
    read([&] {
        if (r.has("sentence"))
            s.sentence = r.string("sentence");
    });
    read([&] {
        if (r.has("source_sentence"))
            s.sourceSentence = r.string("source_sentence");
    });
    read([&] {
        if (r.has("tokenizer"))
            s.tokenizer = r.choice<TokenizerKind>("tokenizer");
    });
    read([&] {
        if (r.has("positional"))
            s.positional = r.choice<Positional>("positional");
    });
    read([&] {
        if (r.has("context_length"))
            s.contextLength = r.integer("context_length", 1, limits::MaxContextLength);
    });
    read([&] {
        if (r.has("cpu_capability"))
            s.cpuCapability = r.choice<CpuCapability>("cpu_capability");
    });
    read([&] {
        if (r.has("embedding"))
            s.embedding = r.choice<EmbeddingSource>("embedding");
    });
    read([&] {
        if (r.has("embedding_seed"))
            s.embeddingSeed = std::uint64_t(r.integer("embedding_seed", 0, limits::MaxSeed));
    });
    read([&] {
        if (r.has("vocab_size"))
            s.vocabSize = r.integer("vocab_size", 1, limits::MaxVocabSize);
        else if (tokenizerFor(s.tokenizer).hasFixedVocabulary())
            s.vocabSize = tokenizerFor(s.tokenizer).fixedVocabularySize();
    });
    read([&] {
        if (r.has("inputs"))
            s.inputs = r.rows("inputs");
    });
    read([&] {
        if (r.has("source_inputs"))
            s.sourceInputs = r.rows("source_inputs");
    });
    read([&] {
        if (r.has("d_in"))
            s.dIn = int(r.integer("d_in", 1, limits::MaxDimension));
        else if (s.embedding == EmbeddingSource::Manual && s.inputs.cols() > limits::MaxDimension)
            fail(QStringLiteral("inputs"),
                 SessionJson::tr(
                     "inputs rows have %1 numbers; d_in, their length, may be at most %2")
                     .arg(s.inputs.cols())
                     .arg(limits::MaxDimension));
        else if (s.embedding == EmbeddingSource::Manual && s.inputs.cols() > 0)
            s.dIn = int(s.inputs.cols());
    });
    read([&] {
        if (r.has("variant"))
            s.variant = r.choice<Variant>("variant");
    });
    read([&] {
        if (r.has("init"))
            s.init = r.choice<InitScheme>("init");
    });
    read([&] {
        if (r.has("d_out_kq"))
            s.dOutKq = int(r.integer("d_out_kq", 1, limits::MaxDimension));
    });
    read([&] {
        if (r.has("d_out_v"))
            s.dOutV = int(r.integer("d_out_v", 1, limits::MaxDimension));
    });
    read([&] {
        if (r.has("num_heads"))
            s.numHeads = int(r.integer("num_heads", 1, limits::MaxHeads));
    });
    read([&] {
        if (r.has("qkv_bias"))
            s.qkvBias = r.boolean("qkv_bias");
    });
    read([&] {
        if (r.has("weight_seed"))
            s.weightSeed = std::uint64_t(r.integer("weight_seed", 0, limits::MaxSeed));
    });
    read([&] {
        if (r.has("causal"))
            s.causal = r.boolean("causal");
    });
    read([&] {
        if (r.has("mask_method"))
            s.maskMethod = r.choice<MaskMethod>("mask_method");
    });
    read([&] {
        if (!r.has("dropout"))
            return;
        const double dropout = r.number("dropout");
        if (!(dropout >= 0.0 && dropout < 1.0))
            fail(QStringLiteral("dropout"),
                 SessionJson::tr("dropout must be at least 0 and below 1, not %1").arg(dropout));
        s.dropout = dropout;
    });
    read([&] {
        if (r.has("training"))
            s.training = r.boolean("training");
    });
    read([&] {
        if (r.has("dropout_seed") && !r.at("dropout_seed").isNull())
            s.dropoutSeed = std::uint64_t(r.integer("dropout_seed", 0, limits::MaxSeed));
    });
    parseTodaysKeys(r, s, problems);
    return s;
}

} // namespace

QStringList modelSessionKeys()
{
    return {QStringLiteral("model"), QStringLiteral("truncate")};
}

QStringList sessionKeys()
{
    return {QStringLiteral("sentence"),    QStringLiteral("source_sentence"),
            QStringLiteral("embedding"),   QStringLiteral("embedding_seed"),
            QStringLiteral("vocab_size"),  QStringLiteral("d_in"),
            QStringLiteral("inputs"),      QStringLiteral("source_inputs"),
            QStringLiteral("variant"),     QStringLiteral("init"),
            QStringLiteral("d_out_kq"),    QStringLiteral("d_out_v"),
            QStringLiteral("num_heads"),   QStringLiteral("qkv_bias"),
            QStringLiteral("weight_seed"), QStringLiteral("causal"),
            QStringLiteral("mask_method"), QStringLiteral("dropout"),
            QStringLiteral("training"),    QStringLiteral("dropout_seed"),
            QStringLiteral("format"),      QStringLiteral("version"),
            QStringLiteral("title"),       QStringLiteral("description"),
            QStringLiteral("tokenizer"),   QStringLiteral("cpu_capability"),
            QStringLiteral("positional"),  QStringLiteral("context_length")};
}

QStringList todaysSessionKeys()
{
    return {QStringLiteral("rope"),       QStringLiteral("rope_style"),
            QStringLiteral("rope_theta"), QStringLiteral("num_kv_heads"),
            QStringLiteral("window"),     QStringLiteral("kernel"),
            QStringLiteral("block_q"),    QStringLiteral("block_k")};
}

SessionParseResult sessionFromJsonObject(const QJsonObject& object)
{
    Problems problems;
    Session session = parse(object, problems);
    if (!problems.empty())
        return {Session{}, problems.issue()};
    return {std::move(session), std::nullopt};
}

QString jsonPosition(const QByteArray& json, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, json.size());
    const QByteArray before = json.left(offset);
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    // Characters, not bytes, as an editor counts them (invalid UTF-8 counts a character a byte).
    const qsizetype column = QString::fromUtf8(before.mid(lineStart)).size() + 1;
    return SessionJson::tr("line %1, column %2 (byte %3)")
        .arg(before.count('\n') + 1)
        .arg(column)
        .arg(offset);
}

std::optional<SessionIssue> rawControlCharacterIssue(const QByteArray& json)
{
    // JSON allows no raw control character inside a string (RFC 8259 §7: not even a TAB or a
    // newline) and none but TAB, LF and CR as white space between tokens, but QJsonDocument
    // takes them: a NUL typed into a sentence would reach the tokenizer.
    bool inString = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const auto byte = static_cast<unsigned char>(json[i]);
        if (byte < 0x20) {
            const bool whiteSpace = byte == '\t' || byte == '\n' || byte == '\r';
            if (inString || !whiteSpace)
                return SessionIssue{
                    {},
                    SessionJson::tr("the session is not valid JSON: a raw control character "
                                    "(0x%1) at %2; inside a text write it as \\u%3")
                        .arg(uint(byte), 2, 16, QLatin1Char('0'))
                        .arg(jsonPosition(json, i))
                        .arg(uint(byte), 4, 16, QLatin1Char('0'))};
        } else if (inString && byte == '\\') {
            // The escaped character is no quote (\" or \\); a control one is checked as above.
            if (i + 1 < json.size() && static_cast<unsigned char>(json[i + 1]) >= 0x20)
                ++i;
        } else if (byte == '"') {
            inString = !inString;
        }
    }
    return std::nullopt;
}

SessionParseResult sessionFromJson(const QByteArray& json)
{
    if (auto issue = rawControlCharacterIssue(json))
        return {Session{}, *issue};
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return {Session{},
                SessionIssue{{},
                             SessionJson::tr("the session is not valid JSON: %1 at %2")
                                 .arg(error.errorString(), jsonPosition(json, error.offset))}};
    if (!document.isObject())
        return {
            Session{},
            SessionIssue{
                {},
                SessionJson::tr("a session must be a JSON object ({...}), not a list or a value")}};
    return sessionFromJsonObject(document.object());
}

} // namespace ae
