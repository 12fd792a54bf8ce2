// The command line with a Llama-family folder, run as a separate process: `--model FOLDER`
// (and its config.json) with a typed sentence, read by the folder's tokenizer.json, gives
// PyTorch's ids, every layer's queries and attention weights, the key/value heads' keys and
// values (llama.md §4's schema) and the next tokens (tests/fixtures/llama/qwen3_qknorm,
// generate_llama_fixtures.py); a sentence longer than max_position_embeddings, a folder without
// tokenizer.json and a tokenizer.json of a larger vocabulary exit 1 naming what is wrong.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

namespace {

QString fixture(const QString& relative)
{
    return QStringLiteral(AE_FIXTURE_DIR "/llama/") + relative;
}

// max |a - b| over two JSON matrices of the same shape, or infinity when the shapes differ.
double worstDiff(const QJsonValue& a, const QJsonValue& b)
{
    const QJsonArray x = a.toArray(), y = b.toArray();
    if (x.size() != y.size() || x.isEmpty())
        return qInf();
    double worst = 0;
    for (qsizetype i = 0; i < x.size(); ++i) {
        const QJsonArray r = x.at(i).toArray(), s = y.at(i).toArray();
        if (r.size() != s.size())
            return qInf();
        for (qsizetype j = 0; j < r.size(); ++j)
            worst = std::max(worst, std::abs(r.at(j).toDouble() - s.at(j).toDouble()));
    }
    return worst;
}

// A copy of qwen3_qknorm without tokenizer.json, or with `tokenizer` instead.
QString copyOfModel(const QTemporaryDir& dir, const QString& tokenizer = {})
{
    const QDir source(fixture(QStringLiteral("qwen3_qknorm")));
    for (const QString& file : source.entryList(QDir::Files))
        if (file != QLatin1StringView("tokenizer.json"))
            QFile::copy(source.filePath(file), dir.filePath(file));
    if (!tokenizer.isEmpty())
        QFile::copy(tokenizer, dir.filePath(QStringLiteral("tokenizer.json")));
    return dir.path();
}

} // namespace

class TestLlamaCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dumpMatchesPyTorch_data()
    {
        QTest::addColumn<QString>("model");
        QTest::newRow("the folder") << fixture(QStringLiteral("qwen3_qknorm"));
        QTest::newRow("its config.json") << fixture(QStringLiteral("qwen3_qknorm/config.json"));
    }
    void dumpMatchesPyTorch()
    {
        QFETCH(QString, model);
        const QJsonObject want = readJson(fixture(QStringLiteral("qwen3_qknorm/sentence.json")));
        QVERIFY(!want.isEmpty());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run r = run({QStringLiteral("--model"), model, QStringLiteral("--sentence"),
                           want.value(QLatin1StringView("sentence")).toString(),
                           QStringLiteral("--dump-json"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject dump = readJson(out);
        QCOMPARE(dump.value(QLatin1StringView("token_ids")).toArray(),
                 want.value(QLatin1StringView("token_ids")).toArray());
        const QJsonObject m = dump.value(QLatin1StringView("model")).toObject();
        QCOMPARE(m.value(QLatin1StringView("model_type")).toString(), QStringLiteral("qwen3"));
        QCOMPARE(m.value(QLatin1StringView("n_kv_head")).toInt(), 2);
        QCOMPARE(m.value(QLatin1StringView("head_dim")).toInt(), 12);

        double worst = 0;
        const QJsonArray layers = dump.value(QLatin1StringView("layers")).toArray();
        const QJsonArray wantLayers = want.value(QLatin1StringView("layers")).toArray();
        QCOMPARE(layers.size(), wantLayers.size());
        for (qsizetype l = 0; l < layers.size(); ++l) {
            const QJsonObject got = layers.at(l).toObject(), ref = wantLayers.at(l).toObject();
            for (const char* group : {"heads", "kv_heads"}) {
                const QJsonArray a = got.value(QLatin1StringView(group)).toArray();
                const QJsonArray b = ref.value(QLatin1StringView(group)).toArray();
                QCOMPARE(a.size(), b.size());
                for (qsizetype h = 0; h < a.size(); ++h)
                    for (const QString& key : b.at(h).toObject().keys())
                        worst = std::max(worst, worstDiff(a.at(h).toObject().value(key),
                                                          b.at(h).toObject().value(key)));
            }
        }
        const QJsonArray next = dump.value(QLatin1StringView("next_token")).toArray();
        const QJsonArray wantNext = want.value(QLatin1StringView("next_token")).toArray();
        QCOMPARE(next.size(), wantNext.size());
        for (qsizetype i = 0; i < next.size(); ++i)
            QCOMPARE(next.at(i).toObject().value(QLatin1StringView("id")).toInteger(),
                     wantNext.at(i).toObject().value(QLatin1StringView("id")).toInteger());
        qInfo("worst difference of every layer's tensors: %.3g", worst);
        QVERIFY(worst <= 1e-4);
    }

    // qwen3_qknorm reads at most max_position_embeddings = 40 tokens; 60 letters are 61.
    void longerThanMaxPositionsExitsOne()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Run r =
            run({QStringLiteral("--model"), fixture(QStringLiteral("qwen3_qknorm")),
                 QStringLiteral("--sentence"), QString(60, u'a'), QStringLiteral("--dump-json"),
                 dir.filePath(QStringLiteral("out.json"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("max_position_embeddings = 40"), r.err.constData());
    }

    void withoutTokenizerJsonExitsOne()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Run r =
            run({QStringLiteral("--model"), copyOfModel(dir), QStringLiteral("--sentence"),
                 QStringLiteral("a+b"), QStringLiteral("--dump-json"),
                 dir.filePath(QStringLiteral("out.json"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("tokenizer.json"), r.err.constData());
    }

    void anotherModelsTokenizerExitsOne()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // llama_scaled's byte tokenizer has its BOS at id 299, beyond qwen3_qknorm's 270.
        const QString model =
            copyOfModel(dir, fixture(QStringLiteral("llama_scaled/tokenizer.json")));
        const Run r = run({QStringLiteral("--model"), model, QStringLiteral("--sentence"),
                           QStringLiteral("a+b"), QStringLiteral("--dump-json"),
                           dir.filePath(QStringLiteral("out.json"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("vocab_size"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestLlamaCli)
#include "tst_llamacli.moc"
