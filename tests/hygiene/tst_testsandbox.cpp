// support/TestSandbox.cpp, linked into every test executable: a private home folder, and
// the same one for a test executable that a test runs as its child (a child that dies by a
// signal, as tst_mappedcheckpoint's does on purpose, removes nothing: a home of its own would be
// left behind in the temporary folder).
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

class TestTestSandbox : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void homeIsAPrivateTemporaryFolder()
    {
        const QString home = qEnvironmentVariable("HOME");
        QVERIFY(QFileInfo(home).isDir());
        QVERIFY2(QFileInfo(home).fileName().startsWith(QLatin1StringView("ae-test-home-")),
                 qPrintable(home));
        QCOMPARE(QFileInfo(home).absolutePath(), QFileInfo(QDir::tempPath()).absoluteFilePath());
        QCOMPARE(qEnvironmentVariable("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
    }

    // Run as the child below: prints the home it was given.
    void printHome()
    {
        if (!qEnvironmentVariableIsSet("AE_TST_SANDBOX_CHILD"))
            QSKIP("run by aChildKeepsItsParentsHome");
        std::printf("HOME=%s\n", qgetenv("HOME").constData());
    }

    void aChildKeepsItsParentsHome()
    {
        QProcess child;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("AE_TST_SANDBOX_CHILD"), QStringLiteral("1"));
        child.setProcessEnvironment(environment);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("-silent"), QStringLiteral("printHome")});
        QVERIFY(child.waitForFinished(30000));
        QCOMPARE(child.exitCode(), 0);
        const QByteArray printed = child.readAllStandardOutput();
        QVERIFY2(printed.contains("HOME=" + qgetenv("HOME") + '\n'), printed.constData());
    }
};

QTEST_GUILESS_MAIN(TestTestSandbox)
#include "tst_testsandbox.moc"
