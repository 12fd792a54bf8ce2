// The command-line front end, run as a separate process: exit codes (0 ok, 1 invalid
// session, 2 usage or I/O), messages on stderr, no output file left behind on failure,
// flags overriding the session file.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include "CliRun.h"

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& contents)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(contents);
    return path;
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void helpAndVersion()
    {
        const Run help = run({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char* flag : {"--dump-json", "--session", "--num-heads", "--d-out-kq",
                                 "--dropout-seed", "--source-sentence"})
            QVERIFY2(help.out.contains(flag), flag);
        const Run version = run({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith("attention-explorer "));
    }

    void languageFlag()
    {
        const Run help =
            run({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(QString::fromLocal8Bit(help.out).contains(QStringLiteral("选项")),
                 help.out.constData());
        QTemporaryDir dir;
        const Run refused =
            run({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--num-heads"),
                 QStringLiteral("2"), QStringLiteral("--dump-json"),
                 dir.filePath(QStringLiteral("out.json"))});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(QString::fromUtf8(refused.err).contains(QStringLiteral("num_heads（2）")),
                 refused.err.constData());
        const Run english =
            run({QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--help")});
        QVERIFY(english.out.contains("Options:"));
        const Run unknown =
            run({QStringLiteral("--lang"), QStringLiteral("xx"), QStringLiteral("--help")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("zh_CN"));
    }

    // The command line speaks the language of --lang, else of the environment, never the one
    // last chosen in the window's menu (it answered in Chinese under LANG=en_US and --lang en).
    void languageFollowsTheEnvironmentNotTheWindow_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<bool>("chinese");
        const QStringList refused{QStringLiteral("--num-heads"), QStringLiteral("2"),
                                  QStringLiteral("--dump-json"), QStringLiteral("-")};
        QTest::newRow("LANG=en_US") << QStringLiteral("en_US.UTF-8") << refused << false;
        QTest::newRow("--lang en")
            << QStringLiteral("zh_CN.UTF-8")
            << (QStringList{QStringLiteral("--lang"), QStringLiteral("en")} + refused) << false;
        QTest::newRow("--lang en, unknown option")
            << QStringLiteral("en_US.UTF-8")
            << QStringList{QStringLiteral("--lang"), QStringLiteral("en"),
                           QStringLiteral("--frobnicate")}
            << false;
        QTest::newRow("LANG=zh_CN") << QStringLiteral("zh_CN.UTF-8") << refused << true;
    }

    void languageFollowsTheEnvironmentNotTheWindow()
    {
        QFETCH(QString, lang);
        QFETCH(QStringList, arguments);
        QFETCH(bool, chinese);
        QTemporaryDir home;
        // The window's choice, where the window keeps it: Chinese.
        QDir(home.path()).mkpath(QStringLiteral("config/Attention Explorer"));
        QFile settings(
            home.filePath(QStringLiteral("config/Attention Explorer/attention-explorer.conf")));
        QVERIFY(settings.open(QIODevice::WriteOnly));
        settings.write("[ui]\nlanguage=zh_CN\n");
        settings.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES"})
            env.remove(QLatin1StringView(name));
        env.insert(QStringLiteral("LANG"), lang);
        QProcess process;
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(AE_EXECUTABLE), arguments);
        const Run r = finished(process, 60000);
        QVERIFY(r.exitCode == 1 || r.exitCode == 2);
        const QString err = QString::fromUtf8(r.err);
        // Chinese text holds CJK ideographs; the English messages none.
        const bool ideographs = std::any_of(err.begin(), err.end(), [](QChar c) {
            return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff;
        });
        QVERIFY2(ideographs == chinese, r.err.constData());
    }

    void dumpOfTheArticle()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run r = run({QStringLiteral("--dump-json"), out});
        QCOMPARE(r.exitCode, 0);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject dump = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(dump.value(QStringLiteral("tokens")).toArray().size(), 6);
        const QJsonArray z2 = dump.value(QStringLiteral("tensors"))
                                  .toObject()
                                  .value(QStringLiteral("context_vec"))
                                  .toArray()
                                  .at(1)
                                  .toArray();
        QVERIFY(std::fabs(z2.at(0).toDouble() - 0.5313) < 0.5e-4);
    }

    void dumpToStandardOutput()
    {
        const Run r = run({QStringLiteral("--sentence"), QStringLiteral("a b a"),
                           QStringLiteral("--dump-json"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject dump = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(dump.value(QStringLiteral("token_ids")).toArray(), (QJsonArray{0, 1, 0}));
    }

    void flagsOverrideTheFile()
    {
        QTemporaryDir dir;
        const QString session = writeFile(dir, QStringLiteral("s.json"),
                                          R"({"variant": "self-attention", "d_out_v": 3})");
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run r = run({QStringLiteral("--session"), session, QStringLiteral("--variant"),
                           QStringLiteral("multihead-wrapper"), QStringLiteral("--num-heads"),
                           QStringLiteral("4"), QStringLiteral("--d-out-v"), QStringLiteral("1"),
                           QStringLiteral("--dump-json"), out});
        QCOMPARE(r.exitCode, 0);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject dump = QJsonDocument::fromJson(file.readAll()).object();
        const QJsonArray row = dump.value(QStringLiteral("tensors"))
                                   .toObject()
                                   .value(QStringLiteral("context_vec"))
                                   .toArray()
                                   .at(1)
                                   .toArray();
        // The article's 4-head wrapper with d_v = 1, second row: 0.4003, 1.7137, 1.3981, 1.0497.
        QCOMPARE(row.size(), 4);
        QVERIFY(std::fabs(row.at(1).toDouble() - 1.7137) < 0.5e-4);
    }

    void booleanAndNullFlags()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run r =
            run({QStringLiteral("--causal"), QStringLiteral("yes"), QStringLiteral("--training"),
                 QStringLiteral("true"), QStringLiteral("--dropout"), QStringLiteral("0.5"),
                 QStringLiteral("--dropout-seed"), QStringLiteral("none"),
                 QStringLiteral("--dump-json"), out});
        QCOMPARE(r.exitCode, 0);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject head = QJsonDocument::fromJson(file.readAll())
                                     .object()
                                     .value(QStringLiteral("heads"))
                                     .toArray()
                                     .at(0)
                                     .toObject();
        QVERIFY(head.contains(QStringLiteral("dropout_mask")));
        QVERIFY(head.contains(QStringLiteral("masked_scores")));
    }

    // Today's keys (todays-attention.md) as flags: --rope, --rope-style, --rope-theta,
    // --num-kv-heads, --window, --kernel, --block-q, --block-k.
    void todaysFlags()
    {
        const Run help = run({QStringLiteral("--help")});
        for (const char* flag : {"--rope", "--rope-style", "--rope-theta", "--num-kv-heads",
                                 "--window", "--kernel", "--block-q", "--block-k"})
            QVERIFY2(help.out.contains(flag), flag);
        const Run r = run({QStringLiteral("--variant"),      QStringLiteral("multihead"),
                           QStringLiteral("--d-out-kq"),     QStringLiteral("8"),
                           QStringLiteral("--d-out-v"),      QStringLiteral("8"),
                           QStringLiteral("--num-heads"),    QStringLiteral("4"),
                           QStringLiteral("--num-kv-heads"), QStringLiteral("2"),
                           QStringLiteral("--rope"),         QStringLiteral("yes"),
                           QStringLiteral("--rope-style"),   QStringLiteral("interleaved"),
                           QStringLiteral("--rope-theta"),   QStringLiteral("500000"),
                           QStringLiteral("--causal"),       QStringLiteral("true"),
                           QStringLiteral("--window"),       QStringLiteral("3"),
                           QStringLiteral("--kernel"),       QStringLiteral("flash"),
                           QStringLiteral("--block-q"),      QStringLiteral("3"),
                           QStringLiteral("--block-k"),      QStringLiteral("4"),
                           QStringLiteral("--dump-json"),    QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject dump = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(dump.value(QStringLiteral("kv_heads")).toArray().size(), 2);
        const QJsonArray heads = dump.value(QStringLiteral("heads")).toArray();
        QCOMPARE(heads.size(), 4);
        const QJsonObject head = heads.at(3).toObject();
        QVERIFY(head.contains(QStringLiteral("queries_rope")));
        QVERIFY(head.contains(QStringLiteral("keys_rope")));
        const QJsonObject flash = head.value(QStringLiteral("flash")).toObject();
        QCOMPARE(flash.value(QStringLiteral("block_q")).toInt(), 3);
        QCOMPARE(flash.value(QStringLiteral("block_k")).toInt(), 4);
        // 6 tokens: 2 query blocks x 2 key blocks; the first query block never sees keys 4, 5.
        const QJsonArray tiles = flash.value(QStringLiteral("tiles")).toArray();
        QCOMPARE(tiles.size(), 4);
        QVERIFY(tiles.at(1).toObject().value(QStringLiteral("skipped")).toBool());
        // The window hides key j from query i unless i - 3 < j <= i.
        const QJsonArray mask = head.value(QStringLiteral("mask")).toArray();
        QCOMPARE(mask.at(5).toArray(), (QJsonArray{1, 1, 1, 0, 0, 0}));
    }

    void failures_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("sessionContents"); // written to s.json when not empty
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")}
                                        << QByteArray() << 2 << QByteArray("frobnicate");
        QTest::newRow("misspelt option")
            << QStringList{QStringLiteral("--casaul"), QStringLiteral("true")} << QByteArray() << 2
            << QByteArray("Did you mean --causal?");
        QTest::newRow("misspelt key in file")
            << QStringList{QStringLiteral("--session"), QStringLiteral("@")}
            << QByteArray(R"({"casual": true, "d_in": 0})") << 1
            << QByteArray("unknown key \"casual\": did you mean \"causal\"?\nd_in must be");
        QTest::newRow("stray argument") << QStringList{QStringLiteral("session.json")}
                                        << QByteArray() << 2 << QByteArray("--session FILE");
        QTest::newRow("missing session file")
            << QStringList{QStringLiteral("--session"), QStringLiteral("/nonexistent/s.json")}
            << QByteArray() << 2 << QByteArray("cannot open");
        QTest::newRow("heads do not divide")
            << QStringList{QStringLiteral("--session"), QStringLiteral("@")}
            << QByteArray(R"({"variant":"multihead","d_out_kq":8,"d_out_v":8,"num_heads":3})") << 1
            << QByteArray("num_heads (3) must divide d_out (8)");
        QTest::newRow("unknown key in file")
            << QStringList{QStringLiteral("--session"), QStringLiteral("@")}
            << QByteArray(R"({"heads": 2})") << 1 << QByteArray("unknown key \"heads\"");
        QTest::newRow("binary file")
            << QStringList{QStringLiteral("--session"), QStringLiteral("@")}
            << QByteArray("\x7f"
                          "ELF\x02\x01\x01",
                          7)
            << 1 << QByteArray("not valid JSON");
        QTest::newRow("flag of the wrong type")
            << QStringList{QStringLiteral("--d-in"), QStringLiteral("three")} << QByteArray() << 1
            << QByteArray("d_in must be a whole number");
        QTest::newRow("NaN flag") << QStringList{QStringLiteral("--dropout"), QStringLiteral("nan")}
                                  << QByteArray() << 1
                                  << QByteArray("dropout must be a number, not the text \"nan\"");
        QTest::newRow("infinite flag")
            << QStringList{QStringLiteral("--dropout"), QStringLiteral("-inf")} << QByteArray() << 1
            << QByteArray("dropout must be a number, not the text \"-inf\"");
        QTest::newRow("overflowing flag")
            << QStringList{QStringLiteral("--d-in"), QStringLiteral("1e999")} << QByteArray() << 1
            << QByteArray("d_in must be a whole number from 1 to");
        QTest::newRow("flag out of range")
            << QStringList{QStringLiteral("--dropout"), QStringLiteral("1.5")} << QByteArray() << 1
            << QByteArray("dropout must be at least 0 and below 1");
        QTest::newRow("empty sentence")
            << QStringList{QStringLiteral("--sentence"), QStringLiteral(" ,;")} << QByteArray() << 1
            << QByteArray("sentence has no tokens");
        QTest::newRow("rope on simplified")
            << QStringList{QStringLiteral("--rope"), QStringLiteral("true"),
                           QStringLiteral("--variant"), QStringLiteral("simplified")}
            << QByteArray() << 1 << QByteArray("rope rotates the projected queries and keys");
        QTest::newRow("flash with renormalize")
            << QStringList{QStringLiteral("--kernel"), QStringLiteral("flash"),
                           QStringLiteral("--mask-method"), QStringLiteral("renormalize")}
            << QByteArray() << 1 << QByteArray("kernel \"flash\" cannot be used with mask_method");
        QTest::newRow("window 0") << QStringList{QStringLiteral("--window"), QStringLiteral("0")}
                                  << QByteArray() << 1
                                  << QByteArray("window must be a whole number from 1 to");
        QTest::newRow("unwritable output")
            << QStringList{QStringLiteral("--dump-json"),
                           QStringLiteral("/nonexistent/dir/out.json")}
            << QByteArray() << 2 << QByteArray("cannot write");
    }

    void failures()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, sessionContents);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, message);
        QTemporaryDir dir;
        const QString session = writeFile(dir, QStringLiteral("s.json"), sessionContents);
        arguments.replaceInStrings(QStringLiteral("@"), session);
        if (!arguments.contains(QStringLiteral("--dump-json")))
            arguments << QStringLiteral("--dump-json") << dir.filePath(QStringLiteral("out.json"));
        const Run r = run(arguments);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY2(!QFile::exists(dir.filePath(QStringLiteral("out.json"))),
                 "an output file was left behind");
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
