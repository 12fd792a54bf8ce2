// Nothing lost: the session being edited is autosaved, and after the app is killed the
// next start finds it and can offer it back. The kill test runs the real executable.
#include "SessionAutosave.h"
#include "SessionDocument.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;

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

    void editsAreWrittenAndACleanExitRemovesThem()
    {
        QDir dir(SessionAutosave::directory());
        {
            SessionDocument document;
            SessionAutosave autosave(&document);
            document.edit([](Session& s) { s.sentence = "autosaved words"; });
            QTRY_COMPARE_WITH_TIMEOUT(dir.entryList({QStringLiteral("*.json")}, QDir::Files).size(), 1, 5000);
            QVERIFY(SessionAutosave::pendingRecoveries().empty()); // its writer is alive
        }
        QCOMPARE(dir.entryList({QStringLiteral("*.json")}, QDir::Files).size(), 0);
    }

    void killedAppLeavesARecovery()
    {
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(AE_EXECUTABLE), {QStringLiteral("--sentence"), QStringLiteral("killed mid-lesson"),
                                                  QStringLiteral("--causal"), QStringLiteral("true")});
        QVERIFY(app.waitForStarted(10000));
        QDir dir(SessionAutosave::directory());
        QTRY_VERIFY_WITH_TIMEOUT(dir.entryList({QStringLiteral("*.json")}, QDir::Files).size() == 1, 20000);
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

private:
    QTemporaryDir m_home;
};

QTEST_GUILESS_MAIN(TestAutosave)
#include "tst_autosave.moc"
