// --detect-heads, --ablate and --generate on the command line (heads.md), run as a separate
// process on the small GPT-2 fixture checkpoint: each writes heads.md's JSON through
// --dump-json, and bad requests are refused with a message naming the option and no file.
// The numbers themselves are checked against PyTorch in tests/core (tst_headdetectors,
// tst_ablation, tst_generation).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

namespace {

QString model()
{
    return QStringLiteral(AE_FIXTURE_DIR "/gpt2/f32_prefix/model.safetensors");
}

QJsonObject dumped(const QStringList& flags, const QString& sentence = QStringLiteral("a b a b c"))
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("heads.json"));
    const Run r = run(QStringList{QStringLiteral("--model"), model(), QStringLiteral("--sentence"),
                                  sentence, QStringLiteral("--dump-json"), out} +
                      flags);
    if (r.exitCode != 0)
        qWarning("%s", r.err.constData());
    QFile file(out);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// [[layer][head]] of 2 x 2 numbers.
bool isGrid(const QJsonValue& value)
{
    const QJsonArray layers = value.toArray();
    if (layers.size() != 2)
        return false;
    for (const QJsonValue& layer : layers)
        if (layer.toArray().size() != 2 || !layer.toArray().first().isDouble())
            return false;
    return true;
}

} // namespace

class TestHeadsCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void detectHeads()
    {
        const QJsonObject dump = dumped({QStringLiteral("--detect-heads")});
        QCOMPARE(dump.value(QLatin1StringView("token_ids")).toArray().size(), 5);
        const QJsonObject scores = dump.value(QLatin1StringView("scores")).toObject();
        for (const char* kind : {"previous_token_head", "duplicate_token_head", "induction_head"})
            for (const char* measure : {"mul", "abs"})
                QVERIFY2(isGrid(scores.value(QLatin1StringView(kind))
                                    .toObject()
                                    .value(QLatin1StringView(measure))),
                         kind);
    }

    // The probe replaces the sentence: r + r (this vocabulary of 300 has no <|endoftext|>).
    void detectHeadsOnTheProbe()
    {
        const QJsonObject dump = dumped(
            {QStringLiteral("--detect-heads"), QStringLiteral("--probe"),
             QStringLiteral("induction"), QStringLiteral("--probe-length"), QStringLiteral("6"),
             QStringLiteral("--probe-seed"), QStringLiteral("9"), QStringLiteral("--exclude-bos")});
        const QJsonArray ids = dump.value(QLatin1StringView("token_ids")).toArray();
        QCOMPARE(ids.size(), 12);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(ids[i], ids[i + 6]);
        QCOMPARE(dump.value(QLatin1StringView("probe"))
                     .toObject()
                     .value(QLatin1StringView("seed"))
                     .toInt(),
                 9);
        QVERIFY(dump.value(QLatin1StringView("options"))
                    .toObject()
                    .value(QLatin1StringView("exclude_bos"))
                    .toBool());
    }

    void ablate()
    {
        const QJsonObject dump = dumped({QStringLiteral("--ablate"), QStringLiteral("mean")});
        QCOMPARE(dump.value(QLatin1StringView("kind")).toString(), QStringLiteral("mean"));
        const QJsonObject base = dump.value(QLatin1StringView("base")).toObject();
        QVERIFY(base.value(QLatin1StringView("loss")).toDouble() > 0);
        QCOMPARE(base.value(QLatin1StringView("next_token")).toArray().size(), 10);
        const QJsonArray layers = dump.value(QLatin1StringView("ablations")).toArray();
        QCOMPARE(layers.size(), 2);
        const QJsonObject one = layers[1].toArray()[1].toObject();
        QVERIFY(one.value(QLatin1StringView("kl")).toDouble() >= 0);
        QCOMPARE(one.value(QLatin1StringView("next_token")).toArray().size(), 10);
        QVERIFY(one.value(QLatin1StringView("next_token"))
                    .toArray()[0]
                    .toObject()
                    .contains(QLatin1StringView("token")));
    }

    void ablateOnTheProbe()
    {
        const QJsonObject dump = dumped({QStringLiteral("--ablate"), QStringLiteral("zero"),
                                         QStringLiteral("--probe"), QStringLiteral("induction"),
                                         QStringLiteral("--probe-length"), QStringLiteral("4")});
        QCOMPARE(dump.value(QLatin1StringView("token_ids")).toArray().size(), 8);
        QCOMPARE(dump.value(QLatin1StringView("probe"))
                     .toObject()
                     .value(QLatin1StringView("length"))
                     .toInt(),
                 4);
        QCOMPARE(dump.value(QLatin1StringView("ablations")).toArray().size(), 2);
    }

    void generate()
    {
        const QJsonObject dump = dumped({QStringLiteral("--generate"), QStringLiteral("4"),
                                         QStringLiteral("--temperature"), QStringLiteral("0.7"),
                                         QStringLiteral("--top-k"), QStringLiteral("5"),
                                         QStringLiteral("--seed"), QStringLiteral("3")});
        QCOMPARE(dump.value(QLatin1StringView("ids")).toArray().size(), 5 + 4);
        QCOMPARE(dump.value(QLatin1StringView("steps")).toArray().size(), 4);
        QCOMPARE(dump.value(QLatin1StringView("stop")).toString(),
                 QStringLiteral("max_new_tokens"));
        QVERIFY(dump.value(QLatin1StringView("text")).toString().startsWith(QStringLiteral("a b")));
        const QJsonArray top = dump.value(QLatin1StringView("steps"))
                                   .toArray()[0]
                                   .toObject()
                                   .value(QLatin1StringView("next_token"))
                                   .toArray();
        QCOMPARE(top.size(), 10);
        QCOMPARE(top[5].toObject().value(QLatin1StringView("prob")).toDouble(), 0.0); // top-k 5
    }

    void refusals_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<bool>("withModel");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("fragment");
        const auto list = [](const char* flags) { return QString::fromLatin1(flags).split(u' '); };
        QTest::newRow("probe longer than the context")
            << list("--detect-heads --probe induction --probe-length 17") << true << 2
            << QStringLiteral("--probe-length 17");
        QTest::newRow("generate 0")
            << list("--generate 0") << true << 2 << QStringLiteral("--generate");
        QTest::newRow("negative temperature") << list("--generate 2 --temperature -0.5") << true
                                              << 2 << QStringLiteral("--temperature");
        QTest::newRow("top-k 0") << list("--generate 2 --top-k 0") << true << 2
                                 << QStringLiteral("--top-k");
        QTest::newRow("top-k above the vocabulary")
            << list("--generate 2 --top-k 301") << true << 2 << QStringLiteral("--top-k 301");
        QTest::newRow("ablate one token")
            << list("--ablate zero --sentence a") << true << 2 << QStringLiteral("--ablate");
        QTest::newRow("detect one token")
            << list("--detect-heads --sentence a") << true << 2 << QStringLiteral("--detect-heads");
        QTest::newRow("no model") << list("--ablate zero") << false << 2
                                  << QStringLiteral("--ablate needs a model");
        QTest::newRow("ablate what")
            << list("--ablate half") << true << 2 << QStringLiteral("--ablate");
        QTest::newRow("probe what")
            << list("--detect-heads --probe copying") << true << 2 << QStringLiteral("--probe");
        QTest::newRow("two analyses") << list("--detect-heads --generate 2") << true << 2
                                      << QStringLiteral("cannot be combined");
        QTest::newRow("temperature without generate")
            << list("--detect-heads --temperature 1") << true << 2
            << QStringLiteral("--temperature");
        QTest::newRow("stop at eos without generate")
            << list("--ablate zero --stop-at-eos") << true << 2 << QStringLiteral("--stop-at-eos");
        QTest::newRow("probe seed without probe")
            << list("--detect-heads --probe-seed 3") << true << 2 << QStringLiteral("--probe-seed");
    }

    void refusals()
    {
        QFETCH(QStringList, flags);
        QFETCH(bool, withModel);
        QFETCH(int, exitCode);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("heads.json"));
        QStringList arguments{QStringLiteral("--dump-json"), out};
        if (withModel)
            arguments << QStringLiteral("--model") << model();
        const Run r = run(arguments + flags);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromLocal8Bit(r.err).contains(fragment), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void needsDumpJson()
    {
        const Run r = run({QStringLiteral("--model"), model(), QStringLiteral("--generate"),
                           QStringLiteral("3")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--dump-json"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestHeadsCli)
#include "tst_headscli.moc"
