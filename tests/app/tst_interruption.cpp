// SIGINT, SIGTERM and SIGHUP during a command-line run (issue 23 §5): the run stops, leaves
// no file of its own (an export folder as it was before, no dump, no temporary file) and
// exits with 128 + the signal and a message. An export that succeeds names what else its
// folder holds.
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

#include <csignal>

namespace {

QStringList entries(const QString& path)
{
    return QDir(path).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
}

// Files under `path`, in subfolders too (an export stages its files in a hidden one).
int fileCount(const QString& path)
{
    int count = 0;
    for (QDirIterator it(path, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
         it.hasNext(); it.next())
        ++count;
    return count;
}

QString words(int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << QStringLiteral("w%1").arg(i);
    return list.join(u' ');
}

// Started with the three signals at their default action, whatever the test runner ignores
// (a shell's background job ignores SIGINT; the program keeps a signal that was ignored).
void start(QProcess& process, const QStringList& arguments, const QString& directory)
{
    process.setWorkingDirectory(directory);
    process.setChildProcessModifier([] {
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        ::signal(SIGHUP, SIG_DFL);
    });
    process.start(QStringLiteral(AE_EXECUTABLE), arguments);
}

// Waits until `path` holds more than `before` files (the run has begun writing); false after
// 20 s or when the run ended first.
bool waitForAFile(const QString& path, QProcess& process, int before = 0)
{
    QElapsedTimer timer;
    timer.start();
    while (fileCount(path) <= before) {
        if (timer.elapsed() > 20000 || process.state() == QProcess::NotRunning)
            return false;
        QTest::qWait(10);
    }
    return true;
}

// Twelve heads of 120 tokens: 75 PNGs, some seconds of drawing.
QStringList bigExport(const QString& folder)
{
    return {QStringLiteral("--variant"),   QStringLiteral("multihead-wrapper"),
            QStringLiteral("--num-heads"), QStringLiteral("12"),
            QStringLiteral("--d-out-kq"),  QStringLiteral("8"),
            QStringLiteral("--d-out-v"),   QStringLiteral("8"),
            QStringLiteral("--sentence"),  words(120),
            QStringLiteral("--export"),    folder,
            QStringLiteral("--format"),    QStringLiteral("png")};
}

void writeFile(const QString& path, const QByteArray& contents)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(contents);
}

} // namespace

class TestInterruption : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // An export into a folder with an earlier run's files: SIGTERM after its first file
    // leaves exactly the earlier files, unchanged.
    void stoppedExportLeavesTheFolderAsItWas()
    {
        QTemporaryDir dir;
        const QString figs = dir.filePath(QStringLiteral("figs"));
        QVERIFY(QDir().mkpath(figs));
        writeFile(figs + QStringLiteral("/notes.txt"), "mine");
        writeFile(figs + QStringLiteral("/01-embeddings.png"), "an earlier export's");
        QProcess process;
        start(process, bigExport(QStringLiteral("figs")), dir.path());
        QVERIFY2(waitForAFile(figs, process, 2), "no file appeared");
        process.terminate(); // SIGTERM
        const Run r = finished(process, 20000);
        QCOMPARE(r.exitCode, 128 + SIGTERM);
        QVERIFY2(r.err.contains("stopped by SIGTERM; this run left no file behind"),
                 r.err.constData());
        QVERIFY(r.out.isEmpty()); // no path printed: no file was put in place
        QCOMPARE(entries(figs),
                 (QStringList{QStringLiteral("01-embeddings.png"), QStringLiteral("notes.txt")}));
        QFile earlier(figs + QStringLiteral("/01-embeddings.png"));
        QVERIFY(earlier.open(QIODevice::ReadOnly));
        QCOMPARE(earlier.readAll(), QByteArray("an earlier export's"));
    }

    // A folder the export created (with a parent) goes again.
    void stoppedExportRemovesTheFoldersItCreated()
    {
        QTemporaryDir dir;
        QProcess process;
        start(process, bigExport(QStringLiteral("out/figs")), dir.path());
        QVERIFY2(waitForAFile(dir.path(), process), "no file appeared");
        ::kill(pid_t(process.processId()), SIGHUP);
        const Run r = finished(process, 20000);
        QCOMPARE(r.exitCode, 128 + SIGHUP);
        QVERIFY2(r.err.contains("stopped by SIGHUP"), r.err.constData());
        QCOMPARE(entries(dir.path()), QStringList());
    }

    // A dump stopped while it streams: neither the target nor the temporary file is left.
    void stoppedDumpLeavesNoFile()
    {
        QTemporaryDir dir;
        QProcess process;
        start(process,
              {QStringLiteral("--variant"), QStringLiteral("multihead-wrapper"),
               QStringLiteral("--num-heads"), QStringLiteral("4"), QStringLiteral("--d-out-kq"),
               QStringLiteral("8"), QStringLiteral("--d-out-v"), QStringLiteral("8"),
               QStringLiteral("--sentence"), words(1000), QStringLiteral("--dump-json"),
               QStringLiteral("out.json")},
              dir.path());
        QVERIFY2(waitForAFile(dir.path(), process), "no file appeared");
        ::kill(pid_t(process.processId()), SIGINT);
        const Run r = finished(process, 20000);
        QCOMPARE(r.exitCode, 128 + SIGINT);
        QVERIFY2(r.err.contains("stopped by SIGINT"), r.err.constData());
        QCOMPARE(entries(dir.path()), QStringList());
    }

    // Before anything is on disk (computing, drawing the deck in memory: seconds here), the
    // signal ends the run at once.
    void aSignalWhileComputingEndsTheRunAtOnce()
    {
        QTemporaryDir dir;
        QProcess process;
        start(process,
              {QStringLiteral("--variant"), QStringLiteral("multihead-wrapper"),
               QStringLiteral("--num-heads"), QStringLiteral("12"), QStringLiteral("--d-out-kq"),
               QStringLiteral("8"), QStringLiteral("--d-out-v"), QStringLiteral("8"),
               QStringLiteral("--sentence"), words(500), QStringLiteral("--export-deck"),
               QStringLiteral("deck.pdf")},
              dir.path());
        QVERIFY(process.waitForStarted());
        QTest::qWait(300);
        QVERIFY2(process.state() == QProcess::Running, "the run ended before the signal");
        process.terminate();
        QElapsedTimer timer;
        timer.start();
        const Run r = finished(process, 20000);
        QVERIFY2(timer.elapsed() < 2000, "the run went on computing after the signal");
        QCOMPARE(r.exitCode, 128 + SIGTERM);
        QVERIFY2(r.err.contains("stopped by SIGTERM"), r.err.constData());
        QCOMPARE(entries(dir.path()), QStringList());
    }

    // A finished export into a folder that holds other files names them on stderr.
    void otherFilesInTheFolderAreNamed()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("figs")));
        writeFile(dir.filePath(QStringLiteral("figs/99-from-last-week.csv")), "old");
        const Run r = run({QStringLiteral("--export"), QStringLiteral("figs"),
                           QStringLiteral("--format"), QStringLiteral("csv")},
                          dir.path());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("also holds 1 entries this export did not write") &&
                     r.err.contains("\"99-from-last-week.csv\""),
                 r.err.constData());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("figs/99-from-last-week.csv"))));
        // Nothing of the staging is left.
        for (const QString& name : entries(dir.filePath(QStringLiteral("figs"))))
            QVERIFY2(!name.startsWith(u'.'), qPrintable(name));
    }
};

QTEST_GUILESS_MAIN(TestInterruption)
#include "tst_interruption.moc"
