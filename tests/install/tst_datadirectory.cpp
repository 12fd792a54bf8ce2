// DataDirectory finds <prefix>/share/attention-explorer from the executable's folder, so an
// installed (or staged, or relocated) binary reads its own samples and translations; without
// that folder (a build tree, these tests) it falls back to the embedded resources.
#include "DataDirectory.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class TestDataDirectory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void installedFor_data()
    {
        QTest::addColumn<QStringList>("folders"); // made under a temporary prefix
        QTest::addColumn<QString>("file");        // made too ("" for none)
        QTest::addColumn<QString>("expected");    // relative to the prefix, "" for none

        QTest::newRow("installed")
            << QStringList{QStringLiteral("bin"),
                           QStringLiteral("share/attention-explorer/samples")}
            << QString() << QStringLiteral("share/attention-explorer");
        QTest::newRow("build tree: no share")
            << QStringList{QStringLiteral("bin")} << QString() << QString();
        QTest::newRow("share of other apps only")
            << QStringList{QStringLiteral("bin"), QStringLiteral("share/other")} << QString()
            << QString();
        QTest::newRow("a file where the folder should be")
            << QStringList{QStringLiteral("bin"), QStringLiteral("share")}
            << QStringLiteral("share/attention-explorer") << QString();
    }

    void installedFor()
    {
        QFETCH(QStringList, folders);
        QFETCH(QString, file);
        QFETCH(QString, expected);
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        for (const QString& folder : folders)
            QVERIFY(QDir(prefix.path()).mkpath(folder));
        if (!file.isEmpty()) {
            QFile made(prefix.filePath(file));
            QVERIFY(made.open(QIODevice::WriteOnly));
        }
        const QString found =
            ae::DataDirectory::installedFor(prefix.filePath(QStringLiteral("bin")));
        QCOMPARE(found,
                 expected.isEmpty() ? QString() : QDir(prefix.filePath(expected)).canonicalPath());
    }

    void buildTreeUsesTheResources()
    {
        // This test runs from the build tree: no share/attention-explorer beside it.
        QVERIFY(ae::DataDirectory::installed().isEmpty());
        QCOMPARE(ae::DataDirectory::samples(), QStringLiteral(":/samples"));
        QCOMPARE(ae::DataDirectory::translations(), QStringLiteral(":/i18n"));
        QVERIFY(QFile::exists(QStringLiteral(":/samples/article.json")));
    }
};

QTEST_GUILESS_MAIN(TestDataDirectory)
#include "tst_datadirectory.moc"
