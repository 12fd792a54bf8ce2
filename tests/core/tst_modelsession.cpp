// The session key "model" (spec gpt2.md §2): read and written, the random module's keys
// refused beside it with a message naming the key, and the window's engine refusing a
// model session rather than drawing it wrongly.
#include "Engine.h"
#include "Limits.h"
#include "ModelMemory.h"
#include "Session.h"
#include "SessionJson.h"
#include "TransformerModel.h"

#include <QJsonDocument>
#include <QTest>

using namespace ae;

class TestModelSession : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void randomModuleKeysAreRefused_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        for (const char* key :
             {"variant", "init", "d_in", "d_out_kq", "d_out_v", "num_heads", "qkv_bias",
              "weight_seed", "embedding_seed", "dropout_seed", "embedding", "inputs", "positional",
              "dropout", "source_sentence", "vocab_size"})
            QTest::newRow(key) << QString::fromLatin1(key) << QStringLiteral("1");
        QTest::newRow("tokenizer words")
            << QStringLiteral("tokenizer") << QStringLiteral("\"words\"");
    }
    void randomModuleKeysAreRefused()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        const QByteArray json = QStringLiteral(R"({"model": "gpt2/model.safetensors", "%1": %2})")
                                    .arg(key, value)
                                    .toUtf8();
        const SessionParseResult parsed = sessionFromJson(json);
        QVERIFY(parsed.issue);
        QCOMPARE(QString::fromStdString(parsed.issue->key), key);
        QVERIFY2(parsed.issue->message.contains(key), qPrintable(parsed.issue->message));
    }

    void modelSessionRoundTrips()
    {
        const SessionParseResult parsed = sessionFromJson(
            R"({"model": "m.safetensors", "sentence": "Hello", "title": "t", "tokenizer": "gpt2"})");
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        QCOMPARE(parsed.session.model, std::string("m.safetensors"));
        QCOMPARE(parsed.session.sentence, std::string("Hello"));
        const SessionParseResult again = sessionFromJson(sessionToJson(parsed.session));
        QVERIFY2(!again.issue, again.issue ? qPrintable(again.issue->message) : "");
        QCOMPARE(again.session.model, parsed.session.model);
        QVERIFY(!sessionToJsonObject(parsed.session).contains(QStringLiteral("variant")));
    }

    void emptyModelIsRefused()
    {
        const SessionParseResult parsed = sessionFromJson(R"({"model": ""})");
        QVERIFY(parsed.issue);
        QCOMPARE(parsed.issue->key, std::string("model"));
    }

    // The random module's engine leaves checkpoints to core/model (the command line's exports
    // no longer reach it with one): a model session is never drawn with random weights.
    void randomModuleEngineLeavesModelSessionsToTheModelEngine()
    {
        Session session;
        session.model = "/nowhere/model.safetensors";
        const ComputeResult result = Engine().compute(session);
        QVERIFY(!result.trace);
        QVERIFY(result.issue);
        QCOMPARE(result.issue->key, std::string("model"));
        QVERIFY(!result.issue->message.contains(QLatin1StringView("command line")));
    }

    // The memory guard's estimate of a model run (issue 23 §6) at GPT-2's sizes, T = 1024:
    // small and medium fit the 1.5 GiB budget beside their mapped weights, large and XL
    // (their traces alone are 1.5 and 2.5 GB) are refused.
    void modelRunEstimates_data()
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("embd");
        QTest::addColumn<bool>("fits");
        QTest::newRow("gpt2") << 12 << 12 << 768 << true;
        QTest::newRow("gpt2-medium") << 24 << 16 << 1024 << true;
        QTest::newRow("gpt2-large") << 36 << 20 << 1280 << false;
        QTest::newRow("gpt2-xl") << 48 << 25 << 1600 << false;
    }
    void modelRunEstimates()
    {
        QFETCH(int, layers);
        QFETCH(int, heads);
        QFETCH(int, embd);
        QFETCH(bool, fits);
        TransformerConfig c;
        c.nLayer = layers;
        c.nHead = heads;
        c.nKvHead = heads;
        c.nEmbd = embd;
        c.nCtx = 1024;
        c.vocabSize = 50257;
        const TransformerModel model("", c);
        const double limit = double(limits::MaxProcessBytes);
        const ModelRunBytes one = estimateModelRunBytes(model, 1024, 2048);
        QCOMPARE(one.process <= limit, fits);
        // At least the trace the forward keeps: 7·T·d floats per block.
        QVERIFY(one.process > 4.0 * 7 * layers * 1024.0 * embd);
        // The window holds the previous forward while making the next: a second trace.
        const ModelRunBytes two = estimateModelRunBytes(model, 1024, 2048, 2);
        QVERIFY(two.process - one.process >= 4.0 * 7 * layers * 1024.0 * embd);
        // Shorter sentences cost less.
        QVERIFY(estimateModelRunBytes(model, 256, 512).process < one.process);
    }
};

QTEST_GUILESS_MAIN(TestModelSession)
#include "tst_modelsession.moc"
