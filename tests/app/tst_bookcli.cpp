// The command line with the book's checkpoints (issue 21 item 6), run as a separate process:
// `--model FILE.pth` (and a folder) with a typed sentence gives PyTorch's token ids and
// next-token probabilities (tests/fixtures/book, generate_book_fixtures.py); a .pth whose
// pickle calls posix.system exits 1 naming it, its payload not run; a missing .pth exits 2.
// The per-head tensors are checked against PyTorch in tests/core/tst_bookcheckpoint.
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

namespace {

QString fixture(const QString& relative)
{
    return QStringLiteral(AE_FIXTURE_DIR "/book/") + relative;
}

} // namespace

class TestBookCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dumpMatchesPyTorch_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("expected");
        QTest::newRow(".pth with optimizer state, attention-only")
            << QStringLiteral("attn1_pth/model.pth") << QStringLiteral("attn1_pth");
        QTest::newRow(".pth folder without config.json")
            << QStringLiteral("mlp2_pth") << QStringLiteral("mlp2_safetensors");
        QTest::newRow("safetensors, 3 layers")
            << QStringLiteral("mlp3_safetensors/model.safetensors")
            << QStringLiteral("mlp3_safetensors");
    }

    void dumpMatchesPyTorch()
    {
        QFETCH(QString, model);
        QFETCH(QString, expected);
        const QJsonObject reference =
            readJson(fixture(expected + QStringLiteral("/expected.json")));
        QVERIFY(!reference.isEmpty());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run r = run({QStringLiteral("--model"), fixture(model), QStringLiteral("--sentence"),
                           reference.value(QLatin1StringView("sentence")).toString(),
                           QStringLiteral("--dump-json"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject dump = readJson(out);
        QCOMPARE(dump.value(QLatin1StringView("token_ids")).toArray(),
                 reference.value(QLatin1StringView("token_ids")).toArray());
        const QJsonArray next = dump.value(QLatin1StringView("next_token")).toArray();
        const QJsonArray want = reference.value(QLatin1StringView("next_token")).toArray();
        QCOMPARE(next.size(), want.size());
        double worst = 0;
        for (qsizetype i = 0; i < want.size(); ++i) {
            const QJsonObject got = next.at(i).toObject();
            const QJsonObject w = want.at(i).toObject();
            QCOMPARE(got.value(QLatin1StringView("id")).toInteger(),
                     w.value(QLatin1StringView("id")).toInteger());
            worst = std::max(worst, std::abs(got.value(QLatin1StringView("prob")).toDouble() -
                                             w.value(QLatin1StringView("prob")).toDouble()));
        }
        qInfo("%s: worst next-token probability difference %.3g", qPrintable(model), worst);
        QVERIFY(worst <= 1e-4);
    }

    void hostilePthExitsOne()
    {
        const QString marker = readJson(fixture(QStringLiteral("hostile/expected.json")))
                                   .value(QLatin1StringView("marker"))
                                   .toString();
        QVERIFY(!marker.isEmpty());
        QFile::remove(marker);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Run r = run({QStringLiteral("--model"), fixture(QStringLiteral("hostile/system.pth")),
                           QStringLiteral("--sentence"), QStringLiteral("a b"),
                           QStringLiteral("--dump-json"), dir.filePath(QStringLiteral("d.json"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("posix.system"), r.err.constData());
        QVERIFY(!QFileInfo::exists(marker));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("d.json"))));
    }

    void missingPthExitsTwo()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Run r = run({QStringLiteral("--model"), dir.filePath(QStringLiteral("none.pth")),
                           QStringLiteral("--sentence"), QStringLiteral("a b"),
                           QStringLiteral("--dump-json"), dir.filePath(QStringLiteral("d.json"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("none.pth"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestBookCli)
#include "tst_bookcli.moc"
