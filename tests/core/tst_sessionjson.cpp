// Session files: every key survives a save and a load, manual tables are written as
// typed, loads apply overrides, and a failed save never damages the existing file.
#include "SessionFile.h"
#include "SessionJson.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace ae;

namespace {

Session everyKeyChanged()
{
    Session s;
    s.title = "Cross-attention, translated";
    s.description = "übersetzen";
    s.sentence = "Can you help me";
    s.sourceSentence = "Kannst du mir helfen";
    s.tokenizer = TokenizerKind::CjkChars;
    s.embedding = EmbeddingSource::Manual;
    s.embeddingSeed = 9;
    s.vocabSize = 77;
    s.dIn = 2;
    s.inputs = Matrix{{0.43f, 0.15f}, {0.55f, 0.87f}, {1, 2}, {3, 4}};
    s.sourceInputs = Matrix{{5, 6}, {7, 8}, {9, 10}, {0.1f, 0.2f}};
    s.variant = Variant::MultiHead;
    s.init = InitScheme::Linear;
    s.dOutKq = s.dOutV = 6;
    s.numHeads = 3;
    s.qkvBias = true;
    s.weightSeed = 4242;
    s.causal = true;
    s.maskMethod = MaskMethod::Renormalize;
    s.dropout = 0.125;
    s.training = true;
    s.dropoutSeed = 5;
    s.rope = true;
    s.ropeStyle = RopeStyle::Interleaved;
    s.ropeTheta = 500000.0;
    s.numKvHeads = 1;
    s.window = 3;
    s.kernel = KernelKind::Flash;
    s.blockQ = 3;
    s.blockK = 5;
    return s;
}

void compareSessions(const Session& a, const Session& b)
{
    QCOMPARE(sessionToJsonObject(a), sessionToJsonObject(b));
    QVERIFY(a.inputs == b.inputs);
    QVERIFY(a.sourceInputs == b.sourceInputs);
}

} // namespace

class TestSessionJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultsFromEmptyObject()
    {
        const auto parsed = sessionFromJson("{}");
        QVERIFY(!parsed.issue);
        QCOMPARE(parsed.session.sentence, std::string("Life is short, eat dessert first"));
        QCOMPARE(parsed.session.vocabSize, 50000);
        QCOMPARE(parsed.session.dOutV, 4);
        QVERIFY(!parsed.session.dropoutSeed);
    }

    void roundTrip()
    {
        const Session original = everyKeyChanged();
        const auto parsed = sessionFromJson(sessionToJson(original));
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        compareSessions(parsed.session, original);
        QCOMPARE(parsed.session.dropoutSeed, std::optional<std::uint64_t>(5));
    }

    void everyKeyIsWritten()
    {
        Session manual = everyKeyChanged();
        const QJsonObject object = sessionToJsonObject(manual);
        for (const QString& key : sessionKeys() + todaysSessionKeys())
            QVERIFY2(object.contains(key), qPrintable(key));
    }

    // Today's keys (todays-attention.md) are written only when they differ from their
    // defaults, so a session without them is saved exactly as before.
    void todaysKeysOnlyWhenUsed()
    {
        const QJsonObject plain = sessionToJsonObject(Session{});
        for (const char* key : {"rope", "rope_style", "rope_theta", "num_kv_heads", "window",
                                "kernel", "block_q", "block_k"})
            QVERIFY2(!plain.contains(QLatin1StringView(key)), key);
        const auto parsed = sessionFromJson(
            R"({"rope": true, "rope_style": "interleaved", "rope_theta": 500000,
                "num_kv_heads": 2, "window": 4, "kernel": "flash", "block_q": 1,
                "block_k": 3})");
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        const Session& s = parsed.session;
        QVERIFY(s.rope);
        QCOMPARE(s.ropeStyle, RopeStyle::Interleaved);
        QCOMPARE(s.ropeTheta, 500000.0);
        QCOMPARE(s.numKvHeads, 2);
        QCOMPARE(s.window, 4);
        QCOMPARE(s.kernel, KernelKind::Flash);
        QCOMPARE(s.blockQ, 1);
        QCOMPARE(s.blockK, 3);
        QCOMPARE(sessionFromJson(sessionToJson(s)).session.window, 4);
    }

    void manualRowsWrittenAsTyped()
    {
        const QByteArray json = sessionToJson(everyKeyChanged());
        QVERIFY2(json.contains("0.43"), json.constData());
        QVERIFY(!json.contains("0.4300000"));
    }

    void manualDinFollowsRows()
    {
        const auto parsed = sessionFromJson(
            R"({"embedding":"manual","sentence":"a b","inputs":[[1,2,3,4],[5,6,7,8]]})");
        QVERIFY(!parsed.issue);
        QCOMPARE(parsed.session.dIn, 4);
    }

    void nullDropoutSeed()
    {
        const auto parsed = sessionFromJson(R"({"dropout_seed": null})");
        QVERIFY(!parsed.issue);
        QVERIFY(!parsed.session.dropoutSeed);
    }

    void largeSeedsExact()
    {
        const auto parsed = sessionFromJson(R"({"weight_seed": 9007199254740993})"); // 2^53 + 1
        QVERIFY(!parsed.issue);
        QCOMPARE(parsed.session.weightSeed, 9007199254740993ULL);
    }

    void deeplyNestedJsonRefused()
    {
        const QByteArray nested = QByteArray(5000, '[') + QByteArray(5000, ']');
        const auto parsed = sessionFromJson(nested);
        QVERIFY(parsed.issue);
    }

    void saveAndLoadFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QCOMPARE(SessionFile::save(path, everyKeyChanged()), QString());
        const SessionLoadResult loaded = SessionFile::load(path);
        QVERIFY(!loaded.issue);
        compareSessions(loaded.session, everyKeyChanged());
    }

    void overridesReplaceFileValues()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QCOMPARE(SessionFile::save(path, Session{}), QString());
        const SessionLoadResult loaded = SessionFile::load(
            path, QJsonObject{{QStringLiteral("d_out_v"), 7}, {QStringLiteral("causal"), true}});
        QVERIFY(!loaded.issue);
        QCOMPARE(loaded.session.dOutV, 7);
        QVERIFY(loaded.session.causal);
        QCOMPARE(loaded.session.dOutKq, 2);
    }

    void loadFailures_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<bool>("ioError");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file") << QByteArray() << true << QStringLiteral("cannot open");
        QTest::newRow("truncated")
            << QByteArray("{\"sentence\": \"a") << false << QStringLiteral("not valid JSON");
        QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10) << false
                                << QStringLiteral("not valid JSON");
        QTest::newRow("empty file") << QByteArray("") << false << QStringLiteral("not valid JSON");
        QTest::newRow("a number") << QByteArray("42") << false << QStringLiteral("not valid JSON");
        QTest::newRow("a list") << QByteArray("[]") << false << QStringLiteral("JSON object");
    }

    void loadFailures()
    {
        QFETCH(QByteArray, contents);
        QFETCH(bool, ioError);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        if (!ioError) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(contents);
        }
        const SessionLoadResult loaded = SessionFile::load(path);
        QVERIFY(loaded.issue);
        QCOMPARE(loaded.ioError, ioError);
        QVERIFY2(loaded.issue->message.contains(message), qPrintable(loaded.issue->message));
    }

    // A checkpoint opened as a session points to --model (issue 22, item 2), rather than
    // saying it is too large for a session.
    void checkpointAsSessionPointsToModel()
    {
        QTemporaryDir dir;
        for (const QString& name : {QStringLiteral("model.safetensors"), QStringLiteral("m.PTH")}) {
            const QString path = dir.filePath(name);
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray(64, '\0'));
            file.close();
            const SessionLoadResult loaded = SessionFile::load(path);
            QVERIFY(loaded.issue);
            QVERIFY2(loaded.issue->message.contains(QStringLiteral("--model")),
                     qPrintable(loaded.issue->message));
        }
    }

    void failedSaveKeepsOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QCOMPARE(SessionFile::save(path, everyKeyChanged()), QString());
        const QByteArray before = [&] {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        // A directory where the temporary file cannot be created: read-only for a user; root
        // ignores permissions, so for root the directory is made immutable (chattr +i).
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
        const bool root = QFileInfo(dir.path()).isWritable();
        if (root &&
            QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("+i"), dir.path()}) != 0)
            QSKIP("cannot make a directory unwritable here (root without chattr)");
        const QString error = SessionFile::save(path, Session{});
        if (root)
            QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("-i"), dir.path()});
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }

    void diskFullMidWriteKeepsOldFile()
    {
        // A file-size limit makes the write fail part-way, as a full disk would, even for root.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QCOMPARE(SessionFile::save(path, Session{}), QString());
        const QByteArray before = [&] {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        Session bigger = everyKeyChanged();
        bigger.description.assign(4 * std::size_t(before.size()), 'x');

        struct rlimit old
        {
        };
        getrlimit(RLIMIT_FSIZE, &old);
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limited = old;
        limited.rlim_cur = rlim_t(before.size() + 16);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
        const QString error = SessionFile::save(path, bigger);
        setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, oldHandler);

        QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList{QStringLiteral("s.json")}); // no temp file left
    }

    void saveToMissingDirectoryFails()
    {
        QTemporaryDir dir;
        const QString error =
            SessionFile::save(dir.filePath(QStringLiteral("no/such/dir/s.json")), Session{});
        QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestSessionJson)
#include "tst_sessionjson.moc"
