// A multi-file --export is all or nothing (issue 13 §2): too many files and a taken target
// are refused before the first file, and a failure half-way (here `ulimit -f`) removes
// what the run had written.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

namespace {

QStringList entries(const QString& path)
{
    return QDir(path).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
}

} // namespace

class TestExportRollback : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tooManyFilesIsRefusedUpFront()
    {
        QTemporaryDir dir;
        const Run r = shell(QStringLiteral("exec \"$AE\" --variant multihead-wrapper --num-heads "
                                           "1024 --d-out-kq 1 --d-out-v 1 "
                                           "--sentence 'a b' --export figs"),
                            dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("files; at most 5000"), r.err.constData());
        QVERIFY(entries(dir.path()).isEmpty());
    }

    // A name the export would replace is taken by something it must not replace.
    void aTakenTargetIsRefusedBeforeWriting_data()
    {
        QTest::addColumn<QString>("taken"); // what sits at the last figure's name
        QTest::addColumn<QString>("fragment");
        QTest::newRow("folder") << QStringLiteral("folder")
                                << QStringLiteral("something that is not a file has that name");
        QTest::newRow("symbolic link")
            << QStringLiteral("link") << QStringLiteral("it is a symbolic link");
        QTest::newRow("read-only file")
            << QStringLiteral("read-only") << QStringLiteral("the file is read-only (mode 0444)");
    }
    void aTakenTargetIsRefusedBeforeWriting()
    {
        QFETCH(QString, taken);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const Run first =
            shell(QStringLiteral("exec \"$AE\" --export first --format csv"), dir.path());
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QStringList names = entries(dir.filePath(QStringLiteral("first")));
        QVERIFY(names.size() > 3);
        const QString target = dir.filePath(QStringLiteral("second/") + names.last());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("second")));
        if (taken == QLatin1StringView("folder")) {
            QVERIFY(QDir().mkpath(target));
        } else if (taken == QLatin1StringView("link")) {
            QVERIFY(QFile::link(dir.filePath(QStringLiteral("first/") + names.last()), target));
        } else {
            QVERIFY(QFile::copy(dir.filePath(QStringLiteral("first/") + names.last()), target));
            QVERIFY(QFile::setPermissions(target,
                                          QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        }
        const Run r =
            shell(QStringLiteral("exec \"$AE\" --export second --format csv"), dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(fragment.toUtf8()) && r.err.contains("nothing was written"),
                 r.err.constData());
        QCOMPARE(entries(dir.filePath(QStringLiteral("second"))), QStringList{names.last()});
    }

    void aFailureHalfWayRemovesWhatItWrote()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("figs")));
        QFile kept(dir.filePath(QStringLiteral("figs/notes.txt")));
        QVERIFY(kept.open(QIODevice::WriteOnly));
        kept.write("mine");
        kept.close();
        // 600 blocks of 512 bytes (dash): the first figures fit, the 463 KB PNG of the projections
        // does not.
        const Run r = shell(
            QStringLiteral("ulimit -f 600; exec \"$AE\" --export figs --format png,pdf --scale 4"),
            dir.path());
        QCOMPARE(r.exitCode, 2); // a message, not SIGXFSZ
        QVERIFY2(r.err.contains("the files it had written were removed"), r.err.constData());
        QVERIFY2(r.err.contains("cannot write figs/") && !r.err.contains("01-embeddings"),
                 "the first file failed, not one half-way: the test proves nothing");
        QVERIFY(r.out.isEmpty()); // a file's path is printed once it is in place
        QCOMPARE(entries(dir.filePath(QStringLiteral("figs"))),
                 QStringList{QStringLiteral("notes.txt")});
    }
};

QTEST_GUILESS_MAIN(TestExportRollback)
#include "tst_exportrollback.moc"
