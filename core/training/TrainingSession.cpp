#include "TrainingSession.h"

#include "TrainingData.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <set>

namespace ae {

// The translation context of these messages (lupdate files a free tr() under the namespace).
struct TrainingSessionText
{
    Q_DECLARE_TR_FUNCTIONS(TrainingSession)
};

namespace {

QString quoted(const std::string& key)
{
    return u'"' + QString::fromStdString(key) + u'"';
}

// Reads one JSON object's keys into the config, collecting an issue per problem.
class Reader
{
public:
    explicit Reader(std::vector<SessionIssue>& issues) : m_issues(issues) {}

    void fail(const std::string& key, const QString& message)
    {
        m_issues.push_back({key, message});
    }

    // Unknown keys of `object` (at `prefix`) refused by name.
    void allowOnly(const QJsonObject& object, const std::string& prefix,
                   const std::set<QString>& known)
    {
        for (auto it = object.begin(); it != object.end(); ++it)
            if (!known.count(it.key())) {
                const std::string key = prefix + it.key().toStdString();
                fail(key, TrainingSessionText::tr("unknown key %1 in a training session")
                              .arg(quoted(key)));
            }
    }
    QJsonObject section(const QJsonObject& root, const char* name)
    {
        const QJsonValue v = root.value(QLatin1StringView(name));
        if (v.isUndefined())
            return {};
        if (!v.isObject())
            fail(name, TrainingSessionText::tr("%1 must be an object").arg(quoted(name)));
        return v.toObject();
    }
    void integer(const QJsonObject& o, const std::string& key, const char* name, int& out,
                 long long low, long long high)
    {
        const QJsonValue v = o.value(QLatin1StringView(name));
        if (v.isUndefined())
            return;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || d != std::floor(d) || d < double(low) || d > double(high)) {
            fail(key, TrainingSessionText::tr("%1 must be a whole number from %2 to %3")
                          .arg(quoted(key))
                          .arg(low)
                          .arg(high));
            return;
        }
        out = int(d);
    }
    void seed(const QJsonObject& o, const char* name, std::uint64_t& out)
    {
        const QJsonValue v = o.value(QLatin1StringView(name));
        if (v.isUndefined())
            return;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != std::floor(d) || d < 0 || d > 9007199254740991.0) {
            fail(name, TrainingSessionText::tr("%1 must be a whole number from 0 to 2^53 − 1")
                           .arg(quoted(name)));
            return;
        }
        out = std::uint64_t(d);
    }
    void number(const QJsonObject& o, const std::string& key, const char* name, double& out,
                double low, double high, bool lowOpen)
    {
        const QJsonValue v = o.value(QLatin1StringView(name));
        if (v.isUndefined())
            return;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || !(lowOpen ? d > low : d >= low) || !(d <= high)) {
            fail(key, TrainingSessionText::tr("%1 must be a number %2 %3 and at most %4")
                          .arg(quoted(key), lowOpen ? TrainingSessionText::tr("above")
                                                    : TrainingSessionText::tr("of at least"))
                          .arg(low)
                          .arg(high));
            return;
        }
        out = d;
    }
    void flag(const QJsonObject& o, const std::string& key, const char* name, bool& out)
    {
        const QJsonValue v = o.value(QLatin1StringView(name));
        if (v.isUndefined())
            return;
        if (!v.isBool()) {
            fail(key, TrainingSessionText::tr("%1 must be true or false").arg(quoted(key)));
            return;
        }
        out = v.toBool();
    }
    // One of `choices`; returns its index, or -1 when absent or refused.
    int choice(const QJsonObject& o, const std::string& key, const char* name,
               const QStringList& choices)
    {
        const QJsonValue v = o.value(QLatin1StringView(name));
        if (v.isUndefined())
            return -1;
        const int at = v.isString() ? int(choices.indexOf(v.toString())) : -1;
        if (at < 0)
            fail(key, TrainingSessionText::tr("%1 must be one of %2")
                          .arg(quoted(key), u'"' + choices.join(QStringLiteral("\", \"")) + u'"'));
        return at;
    }

private:
    std::vector<SessionIssue>& m_issues;
};

void readTask(Reader& r, const QJsonObject& t, TrainingConfig& c, bool& strideGiven)
{
    r.allowOnly(t, "task.",
                {QStringLiteral("kind"), QStringLiteral("vocab_size"), QStringLiteral("min_period"),
                 QStringLiteral("max_period"), QStringLiteral("text_file"),
                 QStringLiteral("tokenizer"), QStringLiteral("max_length"),
                 QStringLiteral("stride"), QStringLiteral("train_ratio"),
                 QStringLiteral("shuffle")});
    if (const int k =
            r.choice(t, "task.kind", "kind", {QStringLiteral("induction"), QStringLiteral("text")});
        k >= 0)
        c.task = TrainingConfig::TaskKind(k);
    r.integer(t, "task.vocab_size", "vocab_size", c.vocabSize, 2, 50257);
    r.integer(t, "task.min_period", "min_period", c.minPeriod, 1, 4096);
    r.integer(t, "task.max_period", "max_period", c.maxPeriod, 1, 4096);
    if (const QJsonValue f = t.value(QLatin1StringView("text_file")); !f.isUndefined()) {
        if (!f.isString() || f.toString().isEmpty())
            r.fail("task.text_file",
                   TrainingSessionText::tr("\"task.text_file\" must be a file name"));
        else
            c.textFile = f.toString().toStdString();
    }
    if (const int k = r.choice(t, "task.tokenizer", "tokenizer",
                               {QStringLiteral("chars"), QStringLiteral("gpt2")});
        k >= 0)
        c.tokenizer = TrainingConfig::TextTokenizer(k);
    r.integer(t, "task.max_length", "max_length", c.maxLength, 1, 4096);
    strideGiven = t.contains(QLatin1StringView("stride"));
    r.integer(t, "task.stride", "stride", c.stride, 1, 1 << 20);
    r.number(t, "task.train_ratio", "train_ratio", c.trainRatio, 0, 1, true);
    r.flag(t, "task.shuffle", "shuffle", c.shuffle);
}

void readModel(Reader& r, const QJsonObject& m, TrainingConfig& c)
{
    r.allowOnly(m, "model.",
                {QStringLiteral("n_layers"), QStringLiteral("n_heads"), QStringLiteral("emb_dim"),
                 QStringLiteral("context_length"), QStringLiteral("drop_rate"),
                 QStringLiteral("qkv_bias"), QStringLiteral("mlp")});
    r.integer(m, "model.n_layers", "n_layers", c.nLayers, 1, 48);
    r.integer(m, "model.n_heads", "n_heads", c.nHeads, 1, 64);
    r.integer(m, "model.emb_dim", "emb_dim", c.embDim, 1, 4096);
    r.integer(m, "model.context_length", "context_length", c.contextLength, 2, 4096);
    r.number(m, "model.drop_rate", "drop_rate", c.dropRate, 0, 0.99, false);
    r.flag(m, "model.qkv_bias", "qkv_bias", c.qkvBias);
    r.flag(m, "model.mlp", "mlp", c.mlp);
}

void readTrain(Reader& r, const QJsonObject& t, TrainingConfig& c)
{
    r.allowOnly(t, "train.",
                {QStringLiteral("batch_size"), QStringLiteral("steps"), QStringLiteral("lr"),
                 QStringLiteral("weight_decay"), QStringLiteral("grad_clip"),
                 QStringLiteral("eval_every")});
    r.integer(t, "train.batch_size", "batch_size", c.batchSize, 1, 4096);
    r.integer(t, "train.steps", "steps", c.steps, 0, 100000000);
    r.number(t, "train.lr", "lr", c.lr, 0, 10, true);
    r.number(t, "train.weight_decay", "weight_decay", c.weightDecay, 0, 10, false);
    if (const QJsonValue g = t.value(QLatin1StringView("grad_clip"));
        !g.isUndefined() && !g.isNull()) {
        double clip = 1;
        r.number(t, "train.grad_clip", "grad_clip", clip, 0, 1e9, true);
        c.gradClip = clip;
    }
    r.integer(t, "train.eval_every", "eval_every", c.evalEvery, 1, 100000000);
}

} // namespace

bool readTrainingText(const QString& path, std::string& text, std::vector<SessionIssue>& issues)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        issues.push_back(
            {"task.text_file", TrainingSessionText::tr("\"task.text_file\": cannot read %1 (%2)")
                                   .arg(QDir::toNativeSeparators(path), f.errorString())});
        return false;
    }
    const QByteArray bytes = f.readAll();
    if (QString::fromUtf8(bytes).toUtf8() != bytes) {
        issues.push_back(
            {"task.text_file", TrainingSessionText::tr("\"task.text_file\": %1 is not UTF-8 text")
                                   .arg(QDir::toNativeSeparators(path))});
        return false;
    }
    text = bytes.toStdString();
    return true;
}

std::vector<SessionIssue> validateTrainingConfig(const TrainingConfig& c)
{
    std::vector<SessionIssue> issues;
    auto fail = [&](std::string key, QString message) {
        issues.push_back({std::move(key), std::move(message)});
    };
    if (c.embDim % c.nHeads != 0)
        fail("model.n_heads",
             TrainingSessionText::tr("\"model.n_heads\" (%1) must divide \"model.emb_dim\" (%2)")
                 .arg(c.nHeads)
                 .arg(c.embDim));
    if (c.task == TrainingConfig::TaskKind::Induction) {
        if (c.minPeriod > c.maxPeriod)
            fail("task.min_period",
                 TrainingSessionText::tr(
                     "\"task.min_period\" (%1) is above \"task.max_period\" (%2)")
                     .arg(c.minPeriod)
                     .arg(c.maxPeriod));
        if (c.contextLength < c.maxPeriod + 1)
            fail("model.context_length",
                 TrainingSessionText::tr(
                     "\"model.context_length\" (%1) must be at least \"task.max_period\" + 1 (%2): "
                     "a row must repeat its period")
                     .arg(c.contextLength)
                     .arg(c.maxPeriod + 1));
        return issues;
    }
    if (c.maxLength > c.contextLength)
        fail("task.max_length",
             TrainingSessionText::tr(
                 "\"task.max_length\" (%1) is above \"model.context_length\" (%2)")
                 .arg(c.maxLength)
                 .arg(c.contextLength));
    if (c.text.empty()) {
        fail("task.text_file", c.textFile.empty()
                                   ? TrainingSessionText::tr("a text task needs \"task.text_file\"")
                                   : TrainingSessionText::tr("\"task.text_file\" is empty"));
        return issues;
    }
    const TextSplit split = splitText(c);
    const std::size_t train =
        windowStarts(std::int64_t(split.train.size()), c.maxLength, c.stride).size();
    const std::size_t val =
        windowStarts(std::int64_t(split.validation.size()), c.maxLength, c.stride).size();
    if (train < std::size_t(c.batchSize))
        fail("task.text_file",
             TrainingSessionText::tr(
                 "\"task.text_file\" is too short: its training part gives %1 windows of "
                 "\"task.max_length\" tokens, fewer than one batch (\"train.batch_size\" %2)")
                 .arg(train)
                 .arg(c.batchSize));
    else if (val == 0)
        fail(
            "task.text_file",
            TrainingSessionText::tr(
                "\"task.text_file\" is too short: its validation part (after \"task.train_ratio\") "
                "holds no window of \"task.max_length\" + 1 tokens"));
    return issues;
}

TrainingSessionResult trainingSessionFromJson(const QByteArray& json, const QString& baseDir)
{
    TrainingSessionResult result;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (doc.isNull() || !doc.isObject()) {
        result.issues.push_back(
            {"", TrainingSessionText::tr("not a JSON object: %1").arg(error.errorString())});
        return result;
    }
    const QJsonObject root = doc.object();
    TrainingConfig& c = result.config;
    Reader r(result.issues);
    r.allowOnly(root, "",
                {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("task"),
                 QStringLiteral("model"), QStringLiteral("train"), QStringLiteral("init_seed"),
                 QStringLiteral("data_seed"), QStringLiteral("probe_seed")});
    if (root.contains(QLatin1StringView("format")) &&
        root.value(QLatin1StringView("format")).toString() != QLatin1StringView(TrainingFormatTag))
        r.fail("format", TrainingSessionText::tr("\"format\" must be \"%1\"")
                             .arg(QLatin1StringView(TrainingFormatTag)));
    if (root.contains(QLatin1StringView("version")) &&
        root.value(QLatin1StringView("version")).toDouble(-1) != TrainingFormatVersion)
        r.fail("version",
               TrainingSessionText::tr("\"version\" must be %1").arg(TrainingFormatVersion));
    bool strideGiven = false;
    readTask(r, r.section(root, "task"), c, strideGiven);
    if (!strideGiven)
        c.stride = c.maxLength;
    readModel(r, r.section(root, "model"), c);
    readTrain(r, r.section(root, "train"), c);
    r.seed(root, "init_seed", c.initSeed);
    r.seed(root, "data_seed", c.dataSeed);
    r.seed(root, "probe_seed", c.probeSeed);
    if (!result.issues.empty())
        return result;
    if (c.task == TrainingConfig::TaskKind::Text && !c.textFile.empty() &&
        !readTrainingText(QDir(baseDir).filePath(QString::fromStdString(c.textFile)), c.text,
                          result.issues))
        return result;
    result.issues = validateTrainingConfig(c);
    return result;
}

TrainingSessionResult readTrainingSession(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        TrainingSessionResult result;
        result.issues.push_back(
            {"", TrainingSessionText::tr("cannot read the training session %1 (%2)")
                     .arg(QDir::toNativeSeparators(path), f.errorString())});
        return result;
    }
    return trainingSessionFromJson(f.readAll(), QFileInfo(path).absolutePath());
}

} // namespace ae
