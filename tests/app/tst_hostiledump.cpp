// The dump's target under hostile conditions (issue 13 §2), the command line run as a separate
// process: a character device and a FIFO are written through, a symbolic link stays a link,
// an existing file keeps its mode and a read-only one is refused untouched, a new file follows
// the umask. The rest of the hostile command line: tst_hostilecli.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

namespace {

mode_t modeOf(const QByteArray& path)
{
    struct stat info
    {
    };
    return ::stat(path.constData(), &info) == 0 ? info.st_mode : 0;
}

} // namespace

class TestHostileDump : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dumpOntoDevicesAndFifosWritesThrough()
    {
        const Run null = run({QStringLiteral("--dump-json"), QStringLiteral("/dev/null")});
        QCOMPARE(null.exitCode, 0);
        QVERIFY(S_ISCHR(modeOf("/dev/null")));

        QTemporaryDir dir;
        const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("dump.fifo")));
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        QProcess reader;
        reader.start(QStringLiteral("cat"), {QFile::decodeName(fifo)});
        QVERIFY(reader.waitForStarted());
        const Run r = run({QStringLiteral("--dump-json"), QFile::decodeName(fifo)});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(reader.waitForFinished(30000));
        const QJsonDocument dump = QJsonDocument::fromJson(reader.readAllStandardOutput());
        QCOMPARE(dump.object().value(QStringLiteral("format")).toString(),
                 QStringLiteral("attention-explorer-dump"));
        QVERIFY(S_ISFIFO(modeOf(fifo))); // still a FIFO, not replaced by a file
    }

    // A link to a file is written through (the file it points to is replaced, the link stays);
    // a link that leads to no file is refused and left as it was (issue 23 §9).
    void dumpOntoSymbolicLinks()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("real")));
        const QString file = dir.filePath(QStringLiteral("real/dump.json"));
        QFile old(file);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old");
        old.close();
        const QByteArray link = QFile::encodeName(dir.filePath(QStringLiteral("latest.json")));
        QCOMPARE(::symlink("real/dump.json", link.constData()), 0);
        const Run through = run({QStringLiteral("--dump-json"), QFile::decodeName(link)});
        QVERIFY2(through.exitCode == 0, through.err.constData());
        QCOMPARE(QFile::symLinkTarget(QFile::decodeName(link)), file);
        QVERIFY(QFileInfo(file).size() > 100);
        QCOMPARE(QDir(dir.filePath(QStringLiteral("real"))).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("dump.json")}); // no temporary file left

        const QByteArray dangling = QFile::encodeName(dir.filePath(QStringLiteral("gone.json")));
        QCOMPARE(::symlink("real/missing.json", dangling.constData()), 0);
        const QByteArray loop = QFile::encodeName(dir.filePath(QStringLiteral("loop.json")));
        QCOMPARE(::symlink("loop.json", loop.constData()), 0);
        for (const QByteArray& target : {dangling, loop}) {
            const Run r = run({QStringLiteral("--dump-json"), QFile::decodeName(target)});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("symbolic link that leads to no file"), r.err.constData());
            QVERIFY(S_ISLNK([&] {
                struct stat info
                {
                };
                ::lstat(target.constData(), &info);
                return info.st_mode;
            }()));
        }
        QCOMPARE(
            QDir(dir.path())
                .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System),
            (QStringList{QStringLiteral("gone.json"), QStringLiteral("latest.json"),
                         QStringLiteral("loop.json"), QStringLiteral("real")}));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("real/missing.json"))));
    }

    void existingModeIsKeptAndReadOnlyIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("dump.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("old");
        file.close();
        const QByteArray native = QFile::encodeName(path);
        QCOMPARE(::chmod(native.constData(), 0640), 0);
        QCOMPARE(run({QStringLiteral("--dump-json"), path}).exitCode, 0);
        QCOMPARE(modeOf(native) & 07777, mode_t(0640));
        QVERIFY(QFileInfo(path).size() > 100);

        QCOMPARE(::chmod(native.constData(), 0444), 0);
        const qint64 size = QFileInfo(path).size();
        const Run readOnly = run({QStringLiteral("--dump-json"), path});
        QCOMPARE(readOnly.exitCode, 2);
        QVERIFY2(readOnly.err.contains("read-only (mode 0444)"), readOnly.err.constData());
        QCOMPARE(QFileInfo(path).size(), size);
        QCOMPARE(modeOf(native) & 07777, mode_t(0444));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(),
                 1); // no temporary file left
    }

    void aNewFileFollowsTheUmask()
    {
        QTemporaryDir dir;
        const Run r =
            shell(QStringLiteral("umask 027; exec \"$AE\" --dump-json new.json"), dir.path());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(modeOf(QFile::encodeName(dir.filePath(QStringLiteral("new.json")))) & 07777,
                 mode_t(0640));
    }
};

QTEST_GUILESS_MAIN(TestHostileDump)
#include "tst_hostiledump.moc"
