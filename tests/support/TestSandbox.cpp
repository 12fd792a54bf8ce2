// Linked into every test executable (ae_add_test, tests/CMakeLists.txt). Before main() it
// points HOME and the XDG folders at a fresh temporary folder, removed at exit, and turns on
// QStandardPaths' test mode. Whatever a test writes through Qt (settings, autosaves, recent
// files), and whatever the app writes when a test starts it as a child process (children
// inherit the environment), lands there: never in the user's home folder. A stale autosave
// left by an earlier, crashed run is never found, so no recovery dialog can block a test.
// A test executable that a test runs as its child (to watch it crash on purpose) keeps its
// parent's folder: a child killed by a signal removes nothing, and the parent removes it.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <optional>

namespace {

constexpr char SandboxVariable[] = "AE_TEST_SANDBOX_HOME";

class TestSandbox
{
public:
    TestSandbox()
    {
        QStandardPaths::setTestModeEnabled(true);
        const QByteArray parents = qgetenv(SandboxVariable);
        if (!parents.isEmpty() && parents == qgetenv("HOME") &&
            QFileInfo(QFile::decodeName(parents)).isDir())
            return; // a child of a sandboxed test: its HOME and XDG folders are already set
        m_home.emplace(QDir::tempPath() + QStringLiteral("/ae-test-home-XXXXXX"));
        if (!m_home->isValid())
            qFatal("cannot create a temporary home folder for the test: %s",
                   qPrintable(m_home->errorString()));
        const QByteArray home = QFile::encodeName(m_home->path());
        qputenv("HOME", home);
        qputenv("XDG_CONFIG_HOME", home + "/.config");
        qputenv("XDG_DATA_HOME", home + "/.local/share");
        qputenv("XDG_CACHE_HOME", home + "/.cache");
        qputenv("XDG_STATE_HOME", home + "/.local/state");
        qputenv(SandboxVariable, home);
    }

private:
    std::optional<QTemporaryDir> m_home;
};

const TestSandbox sandbox;

} // namespace
