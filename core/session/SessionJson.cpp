#include "SessionJson.h"

#include "Limits.h"
#include "MessageText.h"
#include "SessionEnums.h"
#include "Spelling.h"
#include "Tokenizer.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace ae {

namespace {

// The context of this file's messages: lupdate files a free tr() under the enclosing
// namespace, where the translations would never be looked up.
struct SessionJson
{
    Q_DECLARE_TR_FUNCTIONS(SessionJson)
};

// Thrown inside the parser only, caught in sessionFromJsonObject.
struct ParseFailure
{
    SessionIssue issue;
};

[[noreturn]] void fail(const QString& key, const QString& message)
{
    throw ParseFailure{{key.toStdString(), message}};
}

QString typeName(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return SessionJson::tr("a boolean");
    case QJsonValue::Double:
        return SessionJson::tr("a number");
    case QJsonValue::String: // the text itself: a flag's "nan" or "1e999" is not a number
        return SessionJson::tr("the text %1").arg(quotedForMessage(v.toString(), 40));
    case QJsonValue::Array:
        return SessionJson::tr("a list");
    case QJsonValue::Object:
        return SessionJson::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("undefined");
}

class Reader
{
public:
    explicit Reader(const QJsonObject& object) : m_object(object) {}

    bool has(const char* key) const { return m_object.contains(QLatin1StringView(key)); }
    QJsonValue at(const char* key) const { return m_object.value(QLatin1StringView(key)); }

    std::string string(const char* key) const
    {
        const QJsonValue v = at(key);
        if (!v.isString())
            fail(QLatin1StringView(key), SessionJson::tr("%1 must be a string, not %2")
                                             .arg(QLatin1StringView(key), typeName(v)));
        const QString text = v.toString();
        if (text.size() > limits::MaxTextChars)
            fail(QLatin1StringView(key),
                 SessionJson::tr("%1 has %2 characters; a text may have at most %3")
                     .arg(QLatin1StringView(key))
                     .arg(text.size())
                     .arg(limits::MaxTextChars));
        // A lone surrogate ("\ud800" in the file) is not a character: UTF-8 has no form
        // for it, so it would vanish silently on the way to the tokenizer.
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
                ++i;
            } else if (text[i].isSurrogate()) {
                fail(QLatin1StringView(key),
                     SessionJson::tr("%1 holds a lone surrogate (\\u%2) at character %3, which "
                                     "is not text: write the whole character")
                         .arg(QLatin1StringView(key))
                         .arg(uint(text[i].unicode()), 4, 16, QLatin1Char('0'))
                         .arg(i + 1));
            }
        }
        return text.toStdString();
    }

    bool boolean(const char* key) const
    {
        const QJsonValue v = at(key);
        if (!v.isBool())
            fail(QLatin1StringView(key), SessionJson::tr("%1 must be true or false, not %2")
                                             .arg(QLatin1StringView(key), typeName(v)));
        return v.toBool();
    }

    std::int64_t integer(const char* key, std::int64_t low, std::int64_t high) const
    {
        const QString name = QLatin1StringView(key);
        const QJsonValue v = at(key);
        auto refuse = [&](const QString& got) {
            fail(name, SessionJson::tr("%1 must be a whole number from %2 to %3, not %4")
                           .arg(name, QString::number(low), QString::number(high), got));
        };
        if (!v.isDouble())
            refuse(typeName(v));
        const double d = v.toDouble();
        if (d != std::floor(d))
            refuse(QString::number(d, 'g', 17));
        const qint64 exact = v.toInteger(std::numeric_limits<qint64>::min());
        if (d < double(low) || d > double(high) || exact == std::numeric_limits<qint64>::min() ||
            exact < low || exact > high)
            refuse(QString::number(d, 'g', 17));
        return exact;
    }

    double number(const char* key) const
    {
        const QJsonValue v = at(key);
        if (!v.isDouble())
            fail(QLatin1StringView(key), SessionJson::tr("%1 must be a number, not %2")
                                             .arg(QLatin1StringView(key), typeName(v)));
        return v.toDouble();
    }

    template <typename Enum> Enum choice(const char* key) const
    {
        const QString name = QLatin1StringView(key);
        QStringList allowed;
        for (const auto k : enumKeys<Enum>())
            allowed << u'"' + QString::fromLatin1(k.data(), qsizetype(k.size())) + u'"';
        const QJsonValue v = at(key);
        const auto parsed =
            v.isString() ? enumFromKey<Enum>(v.toString().toStdString()) : std::nullopt;
        if (!parsed) {
            QStringList keys;
            for (const auto k : enumKeys<Enum>())
                keys << QString::fromLatin1(k.data(), qsizetype(k.size()));
            const std::optional<QString> meant =
                v.isString() ? closestMatch(v.toString(), keys) : std::nullopt;
            fail(name,
                 SessionJson::tr("%1 must be one of %2, not %3")
                         .arg(name, allowed.join(QStringLiteral(", ")),
                              v.isString() ? quotedForMessage(v.toString()) : typeName(v)) +
                     (meant ? SessionJson::tr("; did you mean %1?").arg(quotedForMessage(*meant))
                            : QString()));
        }
        return *parsed;
    }

    Matrix rows(const char* key) const
    {
        const QString name = QLatin1StringView(key);
        const QJsonValue v = at(key);
        if (!v.isArray() || v.toArray().isEmpty())
            fail(name, SessionJson::tr("%1 must be a non-empty list of rows of numbers").arg(name));
        const QJsonArray array = v.toArray();
        Matrix m;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QJsonValue row = array.at(i);
            if (!row.isArray() || row.toArray().isEmpty())
                fail(name, SessionJson::tr("%1 row %2 must be a non-empty list of numbers")
                               .arg(name)
                               .arg(i + 1));
            const QJsonArray cells = row.toArray();
            if (i == 0)
                m.resize(array.size(), cells.size());
            if (cells.size() != m.cols())
                fail(name, SessionJson::tr("%1 row %2 has %3 numbers but row 1 has %4: every row "
                                           "needs the same length")
                               .arg(name)
                               .arg(i + 1)
                               .arg(cells.size())
                               .arg(m.cols()));
            for (qsizetype j = 0; j < cells.size(); ++j) {
                if (!cells.at(j).isDouble())
                    fail(name, SessionJson::tr("%1 row %2, column %3 must be a number, not %4")
                                   .arg(name)
                                   .arg(i + 1)
                                   .arg(j + 1)
                                   .arg(typeName(cells.at(j))));
                // float32 is what the engine computes in: 1e39 would become infinity, which
                // a saved session cannot hold (JSON has no infinity) and which is not what was
                // typed.
                const double value = cells.at(j).toDouble();
                if (!std::isfinite(static_cast<float>(value)))
                    fail(
                        name,
                        SessionJson::tr(
                            "%1 row %2, column %3 (%4) is beyond the float32 range of about 3.4e38")
                            .arg(name)
                            .arg(i + 1)
                            .arg(j + 1)
                            .arg(value));
                m(i, j) = static_cast<float>(value);
            }
        }
        return m;
    }

private:
    QJsonObject m_object;
};

// Every problem of a session, not only the first: each key is read on its own, and a key
// that cannot be read adds its message and leaves the default in place.
class Problems
{
public:
    template <typename Read> void read(Read&& readKey)
    {
        try {
            readKey();
        } catch (const ParseFailure& failure) {
            m_issues.push_back(failure.issue);
        }
    }
    bool empty() const { return m_issues.empty(); }
    // The first key's, for the window to mark its control; every message, one per line.
    SessionIssue issue() const
    {
        SessionIssue first = m_issues.front();
        for (std::size_t i = 1; i < m_issues.size(); ++i)
            first.message += u'\n' + m_issues[i].message;
        return first;
    }

private:
    std::vector<SessionIssue> m_issues;
};

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
