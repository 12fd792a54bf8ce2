// --train on the command line (training.md §4), as a separate process: the dump's losses are
// PyTorch's (the fixture of tests/fixtures/training), the checkpoint reopens as a model, the
// benchmark prints its JSON line, and bad sessions or options are refused with the key or
// option named, no file written and the exit code of the other command-line paths.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

#include <cmath>

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(AE_FIXTURE_DIR "/training/") + QLatin1StringView(name);
}

} // namespace

class TestTrainCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dumpAndCheckpoint()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("train.json"));
        const QString ckpt = dir.filePath(QStringLiteral("ckpt"));
        const Run r =
            run({QStringLiteral("--train"), fixture("text_chars.session.json"),
                 QStringLiteral("--steps"), QStringLiteral("12"), QStringLiteral("--dump-json"),
                 out, QStringLiteral("--save-checkpoint"), ckpt});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject dump = readJson(out);
        const QJsonArray loss = dump.value(QLatin1StringView("loss")).toArray();
        const QJsonArray want =
            readJson(fixture("text_chars.json")).value(QLatin1StringView("loss")).toArray();
        QCOMPARE(loss.size(), 12);
        for (int s = 0; s < 12; ++s)
            QVERIFY(std::abs(loss[s].toDouble() / want[s].toDouble() - 1) < 1e-4);
        QCOMPARE(dump.value(QLatin1StringView("val_loss")).toArray().size(), 2); // 10, 12
        QCOMPARE(dump.value(QLatin1StringView("probe_ids")).toArray().size(), 8);
        const QJsonObject scores = dump.value(QLatin1StringView("scores")).toObject();
        for (const char* kind : {"previous_token_head", "duplicate_token_head", "induction_head"})
            QCOMPARE(scores.value(QLatin1StringView(kind))
                         .toObject()
                         .value(QLatin1StringView("mul"))
                         .toArray()
                         .size(),
                     2);
        // The checkpoint opens as a model: the heads analysis runs on it.
        const QString heads = dir.filePath(QStringLiteral("heads.json"));
        const Run h = run({QStringLiteral("--model"), ckpt + QStringLiteral("/model.safetensors"),
                           QStringLiteral("--detect-heads"), QStringLiteral("--probe"),
                           QStringLiteral("induction"), QStringLiteral("--probe-length"),
                           QStringLiteral("4"), QStringLiteral("--dump-json"), heads});
        QVERIFY2(h.exitCode == 0, h.err.constData());
        QVERIFY(readJson(heads).contains(QLatin1StringView("scores")));
    }

    // A trained model reads its own ids: the characters of its text (chars), the ids written
    // out (induction). The dump's tokens and next tokens are the model's own, and a token it
    // does not have is refused naming it.
    void checkpointsReadTheirOwnIds_data()
    {
        QTest::addColumn<QString>("session");
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<QStringList>("tokens");
        QTest::addColumn<QString>("foreign");
        QTest::addColumn<QString>("named");
        QTest::newRow("chars") << fixture("text_chars.session.json") << QStringLiteral("the height")
                               << QString("t,h,e, ,h,e,i,g,h,t").split(QLatin1Char(','))
                               << QStringLiteral("the heightΩ") << QStringLiteral("character 11");
        QTest::newRow("ids") << fixture("induction_small.session.json")
                             << QStringLiteral("3 15 0 3")
                             << QStringList{QStringLiteral("3"), QStringLiteral("15"),
                                            QStringLiteral("0"), QStringLiteral("3")}
                             << QStringLiteral("3 x") << QStringLiteral("not an id");
    }
    void checkpointsReadTheirOwnIds()
    {
        QFETCH(QString, session);
        QFETCH(QString, sentence);
        QFETCH(QStringList, tokens);
        QFETCH(QString, foreign);
        QFETCH(QString, named);
        QTemporaryDir dir;
        const QString ckpt = dir.filePath(QStringLiteral("ckpt"));
        const Run trained =
            run({QStringLiteral("--train"), session, QStringLiteral("--steps"), QStringLiteral("3"),
                 QStringLiteral("--dump-json"), dir.filePath(QStringLiteral("train.json")),
                 QStringLiteral("--save-checkpoint"), ckpt});
        QVERIFY2(trained.exitCode == 0, trained.err.constData());
        const QString out = dir.filePath(QStringLiteral("run.json"));
        const Run r = run({QStringLiteral("--model"), ckpt, QStringLiteral("--sentence"), sentence,
                           QStringLiteral("--dump-json"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject dump = readJson(out);
        QStringList shown;
        for (const QJsonValue& token : dump.value(QLatin1StringView("tokens")).toArray())
            shown << token.toString();
        QCOMPARE(shown, tokens);
        const QJsonArray next = dump.value(QLatin1StringView("next_token")).toArray();
        QVERIFY(!next.isEmpty());
        for (const QJsonValue& candidate : next) {
            const QString token = candidate.toObject().value(QLatin1StringView("token")).toString();
            if (named == QLatin1StringView("not an id")) // " 17": the id, spaced
                QVERIFY2(token.trimmed().toInt() ==
                             candidate.toObject().value(QLatin1StringView("id")).toInt(),
                         qPrintable(token));
            else // one character of the text
                QVERIFY2(token.size() == 1, qPrintable(token));
        }
        const Run refused =
            run({QStringLiteral("--model"), ckpt, QStringLiteral("--sentence"), foreign,
                 QStringLiteral("--dump-json"), out + QStringLiteral(".2")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(QString::fromUtf8(refused.err).contains(named), refused.err.constData());
    }

    void benchmark()
    {
        const Run r =
            run({QStringLiteral("--train"), fixture("induction_small.session.json"),
                 QStringLiteral("--steps"), QStringLiteral("10"), QStringLiteral("--benchmark")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject line = QJsonDocument::fromJson(r.out.trimmed()).object();
        QVERIFY(line.value(QLatin1StringView("ms_per_step")).toDouble() > 0);
        QVERIFY(line.value(QLatin1StringView("peak_rss_mb")).toDouble() > 0);
        // The same session in the window's lab: trained to its end while drawn.
        QVERIFY(line.value(QLatin1StringView("window_train_ms")).toDouble() > 0);
        QVERIFY(line.value(QLatin1StringView("window_steps_per_second")).toDouble() > 0);
        QVERIFY(line.contains(QLatin1StringView("gui_max_block_lab_ms")));
        QVERIFY(line.contains(QLatin1StringView("gui_max_wait_lab_ms")));
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown key") << QByteArray(R"({"model": {"heads": 2}})") << QStringList{}
                                     << 1 << QStringLiteral("model.heads");
        QTest::newRow("context shorter than the period")
            << QByteArray(R"({"model": {"context_length": 20}})") << QStringList{} << 1
            << QStringLiteral("model.context_length");
        QTest::newRow("unreadable text")
            << QByteArray(R"({"task": {"kind": "text", "text_file": "missing.txt"}})")
            << QStringList{} << 1 << QStringLiteral("task.text_file");
        QTest::newRow("steps 0") << QByteArray("{}")
                                 << QStringList{QStringLiteral("--steps"), QStringLiteral("0")} << 2
                                 << QStringLiteral("--steps");
    }
    void refusals()
    {
        QFETCH(QByteArray, session);
        QFETCH(QStringList, flags);
        QFETCH(int, exitCode);
        QFETCH(QString, named);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("session.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(session);
        f.close();
        const QString out = dir.filePath(QStringLiteral("out.json"));
        const Run r =
            run(QStringList{QStringLiteral("--train"), path, QStringLiteral("--dump-json"), out} +
                flags);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(named), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void optionsNeedTrain()
    {
        const Run r = run({QStringLiteral("--save-checkpoint"), QStringLiteral("x"),
                           QStringLiteral("--dump-json"), QStringLiteral("y")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--train"));
        const Run missing = run({QStringLiteral("--train"), QStringLiteral("/no/such/session.json"),
                                 QStringLiteral("--dump-json"), QStringLiteral("-")});
        QCOMPARE(missing.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestTrainCli)
#include "tst_traincli.moc"
