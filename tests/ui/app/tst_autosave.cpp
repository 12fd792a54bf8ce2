// Nothing lost: the session being edited is autosaved, and after the app is killed the
// next start finds it and can offer it back. The kill test runs the real executable.
#include "SessionAutosave.h"
#include "SessionDocument.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>

using namespace ae;

// Whether the autosave records written so far hold every one of these texts.
bool recordsHold(const QList<QByteArray>& texts)
{
    const QDir dir(SessionAutosave::directory());
    QByteArray all;
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile record(dir.filePath(name));
        if (record.open(QIODevice::ReadOnly))
            all += record.readAll();
    }
    return std::all_of(texts.begin(), texts.end(),
                       [&all](const QByteArray& text) { return all.contains(text); });
}

class TestAutosave : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        // The child process and this one must agree on AppDataLocation: both read
        // XDG_DATA_HOME, a temporary folder (the test mode of TestSandbox.cpp would move this
        // process's to $HOME/.qttest, out of the app's sight).
        QStandardPaths::setTestModeEnabled(false);
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_home.path()));
        QCoreApplication::setOrganizationName(QStringLiteral("Attention Explorer"));
        QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    }

    // Each test starts from an empty folder, even after one that failed half-way.
    void cleanup()
    {
        QDir dir(SessionAutosave::directory());
        for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden))
            dir.remove(name);
    }

    void editsAreWrittenAndACleanExitRemovesThem()
    {
        QDir dir(SessionAutosave::directory());
        {
            SessionDocument document;
            SessionAutosave autosave(&document);
            document.edit([](Session& s) { s.sentence = "autosaved words"; });
            QTRY_COMPARE_WITH_TIMEOUT(dir.entryList({QStringLiteral("*.json")}, QDir::Files).size(),
                                      1, 5000);
            QVERIFY(SessionAutosave::pendingRecoveries().empty()); // its writer is alive
        }
        QCOMPARE(dir.entryList({QStringLiteral("*.json")}, QDir::Files).size(), 0);
    }

    // The debounced write runs on a thread of its own: a clean exit with one under way must
    // not see the record come back after it removed it, and a write made at once (saveNow)
    // must not be overwritten by an older one still under way.
    void aWriteUnderWayIsNeitherLeftBehindNorLandsLate()
    {
        QDir dir(SessionAutosave::directory());
        for (int round = 0; round < 10; ++round) {
            {
                SessionDocument document;
                SessionAutosave autosave(&document);
                auto* debounce = autosave.findChild<QTimer*>(QStringLiteral("autosave_timer"));
                QVERIFY(debounce);
                debounce->setInterval(0);
                document.edit([](Session& s) { s.sentence = "older words"; });
                QTRY_VERIFY(!debounce->isActive()); // the older record's write under way
                document.edit([](Session& s) { s.sentence = "newer words"; });
                QVERIFY(autosave.saveNow().isEmpty());
                QCOMPARE(onlyRecord()
                             .value(QStringLiteral("session"))
                             .toObject()
                             .value(QStringLiteral("sentence"))
                             .toString(),
                         QStringLiteral("newer words"));
                document.edit([](Session& s) { s.sentence = "at the exit"; });
                QTRY_VERIFY(!debounce->isActive()); // a write under way as the app exits
            }
            QTest::qWait(20);
            QCOMPARE(dir.entryList({QStringLiteral("*.json")}, QDir::Files).size(), 0);
        }
    }

    void killedAppLeavesARecovery()
    {
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        app.setProcessEnvironment(env);
        // Keys on top of a session file: the session differs from the file, so it is unsaved
        // work (keys alone make an untitled session with nothing to lose: no autosave).
        app.start(QStringLiteral(AE_EXECUTABLE),
                  {QStringLiteral("--session"), emptySessionFile(), QStringLiteral("--sentence"),
                   QStringLiteral("killed mid-lesson"), QStringLiteral("--causal"),
                   QStringLiteral("true")});
        QVERIFY(app.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(recordsHold({"killed mid-lesson"}), 20000);
        QVERIFY(SessionAutosave::pendingRecoveries().empty()); // the app still runs

        app.kill(); // SIGKILL: no destructor, no clean-up
        QVERIFY(app.waitForFinished(10000));

        const auto recoveries = SessionAutosave::pendingRecoveries();
        QCOMPARE(recoveries.size(), std::size_t(1));
        QCOMPARE(recoveries.front().session.sentence, std::string("killed mid-lesson"));
        QVERIFY(recoveries.front().session.causal);
        QVERIFY(recoveries.front().modified); // flags differ from the (default) file: unsaved
        SessionAutosave::discard(recoveries.front().autosavePath);
        QVERIFY(SessionAutosave::pendingRecoveries().empty());
    }

    void everyKilledInstanceIsOffered()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        QProcess first, second;
        for (QProcess* app : {&first, &second}) {
            app->setProcessEnvironment(env);
            app->start(
                QStringLiteral(AE_EXECUTABLE),
                {QStringLiteral("--session"), emptySessionFile(), QStringLiteral("--sentence"),
                 app == &first ? QStringLiteral("first one") : QStringLiteral("second one")});
            QVERIFY(app->waitForStarted(10000));
        }
        // Both records written with their own sentence (on a loaded machine an instance can be
        // killed before its first record holds the sentence given on its command line).
        QTRY_VERIFY_WITH_TIMEOUT(recordsHold({"first one", "second one"}), 30000);
        for (QProcess* app : {&first, &second}) {
            app->kill();
            QVERIFY(app->waitForFinished(10000));
        }
        const auto recoveries = SessionAutosave::pendingRecoveries();
        QCOMPARE(recoveries.size(), std::size_t(2)); // both, not only the newest
        QStringList sentences;
        for (const auto& recovery : recoveries) {
            sentences << QString::fromStdString(recovery.session.sentence);
            SessionAutosave::discard(recovery.autosavePath);
        }
        sentences.sort();
        QCOMPARE(sentences,
                 (QStringList{QStringLiteral("first one"), QStringLiteral("second one")}));
    }

    void theFileIsStoredAsAnAbsolutePath()
    {
        QTemporaryDir work;
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(work.path()));
        QFile file(QStringLiteral("relative.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"sentence": "kept where it was"})");
        file.close();
        SessionDocument document;
        SessionAutosave autosave(&document);
        QVERIFY(document.load(QStringLiteral("relative.json")).isEmpty());
        document.edit([](Session& s) { s.causal = true; });
        QVERIFY(autosave.saveNow().isEmpty());
        QVERIFY(QDir::setCurrent(previous));
        const QJsonObject record = onlyRecord();
        QCOMPARE(record.value(QStringLiteral("file")).toString(),
                 QDir(work.path()).filePath(QStringLiteral("relative.json")));
        QVERIFY(record.value(QStringLiteral("modified")).toBool());
    }

    void aSavedSessionIsNotOffered()
    {
        QTemporaryDir work;
        const QString path = QDir(work.path()).filePath(QStringLiteral("saved.json"));
        QDir dir(SessionAutosave::directory());
        {
            SessionDocument document;
            SessionAutosave autosave(&document);
            document.edit([](Session& s) { s.sentence = "saved before the crash"; });
            QVERIFY(autosave.saveNow().isEmpty());
            QVERIFY(onlyRecord().value(QStringLiteral("modified")).toBool());
            QVERIFY(document.saveAs(path).isEmpty());
            QVERIFY(!onlyRecord()
                         .value(QStringLiteral("modified"))
                         .toBool()); // updated by the save itself
            // A crash now: the record stays behind without its lock.
            const QString recordPath =
                dir.filePath(dir.entryList({QStringLiteral("*.json")}, QDir::Files).constFirst());
            QVERIFY(QFile::copy(recordPath, dir.filePath(QStringLiteral("crashed.json"))));
        }
        QVERIFY(SessionAutosave::pendingRecoveries().empty());
        QVERIFY(dir.entryList({QStringLiteral("*.json")}, QDir::Files)
                    .isEmpty()); // nothing to offer, nothing kept
    }

    // Keys on top of a file: the document takes the file and the flag together, so no record
    // in between says "unmodified" (an app killed right after such a record had its work never
    // offered back: pendingRecoveries drops unmodified records).
    void keysOnAFileAreNeverRecordedAsUnmodified()
    {
        const QString file = emptySessionFile();
        SessionDocument document;
        SessionAutosave autosave(&document);
        QList<bool> recorded; // the record's flag each time the document announced a change
        const auto readRecord = [&] {
            recorded << onlyRecord().value(QStringLiteral("modified")).toBool();
        };
        // Connected after the autosave's own handlers: each sees the record they wrote.
        connect(&document, &SessionDocument::filePathChanged, this, readRecord);
        connect(&document, &SessionDocument::modifiedChanged, this, readRecord);
        QVERIFY(
            document.load(file, {{QStringLiteral("sentence"), QStringLiteral("keys")}}).isEmpty());
        QVERIFY(!recorded.isEmpty());
        QCOMPARE(recorded, QList<bool>(recorded.size(), true));
    }

    // Whether a record's instance runs is asked of the kernel (a flock it drops when the
    // process ends), not guessed from the lock file's contents: a lock file left empty by a
    // process killed while making it, or beside a half-done check's ".rmlock", is offered.
    void aLockNobodyHoldsIsOfferedWhateverItHolds()
    {
        QDir dir(SessionAutosave::directory());
        QVERIFY(dir.mkpath(QStringLiteral(".")));
        const QByteArray record =
            R"({"session": {"sentence": "left behind"}, "file": "", "modified": true})";
        for (const QString& name : {QStringLiteral("empty"), QStringLiteral("alive-pid")}) {
            QFile json(dir.filePath(name + QStringLiteral(".json")));
            QVERIFY(json.open(QIODevice::WriteOnly));
            json.write(record);
        }
        for (const QString& name :
             {QStringLiteral("empty.lock"), QStringLiteral("empty.lock.rmlock")})
            QVERIFY(QFile(dir.filePath(name)).open(QIODevice::WriteOnly));
        QFile pidLock(dir.filePath(QStringLiteral("alive-pid.lock")));
        QVERIFY(pidLock.open(QIODevice::WriteOnly)); // this (running) process's PID, not held
        pidLock.write(QByteArray::number(QCoreApplication::applicationPid()) + '\n' +
                      QCoreApplication::applicationFilePath().toUtf8() + '\n');
        pidLock.close();
        const auto recoveries = SessionAutosave::pendingRecoveries();
        QCOMPARE(recoveries.size(), std::size_t(2));
        for (const auto& recovery : recoveries)
            SessionAutosave::discard(recovery.autosavePath);
        QFile::remove(dir.filePath(QStringLiteral("empty.lock.rmlock")));
    }

    // A lock written on another machine (a home folder shared over the network) is never
    // judged from this one: its flock may not reach here, nor its process.
    void aLockFromAnotherMachineIsNotJudged()
    {
        QDir dir(SessionAutosave::directory());
        QVERIFY(dir.mkpath(QStringLiteral(".")));
        QFile json(dir.filePath(QStringLiteral("elsewhere.json")));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(
            R"({"session": {"sentence": "on the lab machine"}, "file": "", "modified": true})");
        json.close();
        QFile lock(dir.filePath(QStringLiteral("elsewhere.lock")));
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write("4242\nattention-explorer\nnot-" + QSysInfo::machineHostName().toUtf8() + '\n');
        lock.close();
        QVERIFY(SessionAutosave::pendingRecoveries().empty());
        SessionAutosave::discard(json.fileName());
    }

    // A lock held by another running process keeps its record back until that process ends.
    void aLockHeldElsewhereIsNotOfferedUntilItsHolderEnds()
    {
        QDir dir(SessionAutosave::directory());
        QVERIFY(dir.mkpath(QStringLiteral(".")));
        QFile json(dir.filePath(QStringLiteral("held.json")));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(R"({"session": {"sentence": "still open"}, "file": "", "modified": true})");
        json.close();
        // util-linux flock(1) takes the lock, then runs the command (which, with -o, does not
        // share it): it says so, then waits for its input to end.
        QProcess holder;
        holder.start(QStringLiteral("flock"),
                     {QStringLiteral("-o"), dir.filePath(QStringLiteral("held.lock")),
                      QStringLiteral("sh"), QStringLiteral("-c"),
                      QStringLiteral("echo held; exec cat")});
        QVERIFY(holder.waitForStarted(10000));
        QByteArray said; // QTRY evaluates its condition once more after it held: kept here
        QTRY_VERIFY_WITH_TIMEOUT((said += holder.readAllStandardOutput()).contains("held"), 10000);
        QVERIFY(SessionAutosave::pendingRecoveries().empty());
        holder.closeWriteChannel(); // cat ends, then flock(1), and the flock with it
        QVERIFY(holder.waitForFinished(10000));
        QCOMPARE(SessionAutosave::pendingRecoveries().size(), std::size_t(1));
        SessionAutosave::discard(dir.filePath(QStringLiteral("held.json")));
    }

    // This process's own records are never offered to it, whatever the file system says of its
    // locks (on NFS, flock(2) never conflicts within one process; here the lock file is gone).
    void aRecordOfThisProcessIsNeverOfferedToIt()
    {
        QDir dir(SessionAutosave::directory());
        SessionDocument document;
        SessionAutosave autosave(&document);
        document.edit([](Session& s) { s.sentence = "mine"; });
        QVERIFY(autosave.saveNow().isEmpty());
        const QStringList locks = dir.entryList({QStringLiteral("*.lock")}, QDir::Files);
        QCOMPARE(locks.size(), 1);
        QVERIFY(QFile::remove(dir.filePath(locks.constFirst())));
        QVERIFY(SessionAutosave::pendingRecoveries().empty());
    }

    void anUnwritableFolderIsReportedOnce()
    {
        QTemporaryDir blocked;
        QFile wall(QDir(blocked.path()).filePath(QStringLiteral("attention-explorer-data")));
        QVERIFY(wall.open(QIODevice::WriteOnly)); // a file where the data folder would go
        wall.close();
        qputenv("XDG_DATA_HOME", QFile::encodeName(wall.fileName()));
        {
            SessionDocument document;
            SessionAutosave autosave(&document);
            QSignalSpy warnings(&autosave, &SessionAutosave::warning);
            QTRY_COMPARE_WITH_TIMEOUT(warnings.size(), 1, 5000);
            QVERIFY(
                warnings.constFirst().constFirst().toString().contains(QStringLiteral("autosave")));
            document.edit([](Session& s) { s.sentence = "nowhere to go"; });
            QVERIFY(!autosave.saveNow().isEmpty());
            QCOMPARE(warnings.size(), 1); // once, not at every edit
        }
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_home.path()));
    }

private:
    // A session file of defaults, for keys to be given on top of.
    QString emptySessionFile()
    {
        const QString path = QDir(m_home.path()).filePath(QStringLiteral("defaults.json"));
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write("{}");
        return path;
    }

    QJsonObject onlyRecord()
    {
        QDir dir(SessionAutosave::directory());
        const QStringList records = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        if (records.size() != 1)
            return {};
        QFile file(dir.filePath(records.constFirst()));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(file.readAll()).object();
    }

    QTemporaryDir m_home;
};

QTEST_GUILESS_MAIN(TestAutosave)
#include "tst_autosave.moc"
