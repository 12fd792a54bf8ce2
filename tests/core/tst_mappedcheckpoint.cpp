// A checkpoint's mapping under a file that changes beneath it: truncated while mapped, its
// weights read as zeros past the new end instead of SIGBUS and the model says that its file
// changed; a SIGBUS outside every checkpoint still kills. (Broken files: tst_safetensors.)
#include "Fixtures.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "SafetensorsFile.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ae;
using namespace ae::test;

class TestMappedCheckpoint : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A checkpoint truncated while it is mapped (another program rewriting it): reading its
    // weights afterwards gives zeros past the new end instead of SIGBUS, and the model says
    // that its file changed. A SIGBUS outside any checkpoint still kills as before.
    void truncatedWhileMappedIsReported()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("model.safetensors"));
        QVERIFY(
            QFile::copy(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")), path));
        QVERIFY(QFile::copy(fixturePath(QStringLiteral("gpt2/f32_prefix/config.json")),
                            dir.filePath(QStringLiteral("config.json"))));
        const auto loaded = loadModel(path);
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        QVERIFY(!loaded.model->changedWhileRead());

        const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR);
        QVERIFY(fd >= 0);
        QCOMPARE(::ftruncate(fd, 8), 0);
        ::close(fd);

        const TransformerParams& p = loaded.model->params();
        double sum = 0;
        auto read = [&](const TensorRef& t) { sum += double(t.matrix().sum()); };
        read(p.wte);
        read(p.wpe);
        for (const TransformerLayerParams& l : p.layers)
            for (const TensorRef* t : {&l.ln1Weight, &l.ln1Bias, &l.attnWeight, &l.attnBias,
                                       &l.attnProjWeight, &l.attnProjBias, &l.ln2Weight, &l.ln2Bias,
                                       &l.fcWeight, &l.fcBias, &l.fcProjWeight, &l.fcProjBias})
                read(*t);
        read(p.lnfWeight);
        read(p.lnfBias);
        QVERIFY(std::isfinite(sum));
        QVERIFY(loaded.model->changedWhileRead());
        const auto trace = transformerForward(loaded.model, {1, 2, 3}); // zeros, but no crash
        QCOMPARE(trace->tokenCount(), Eigen::Index(3));
        QVERIFY(SafetensorsFile::changedMessage(path).contains(
            QStringLiteral("changed while it was being read")));

        // Loading the truncated file again is an ordinary refusal.
        const auto again = loadModel(path);
        QVERIFY(!again.model);
    }

    // A SIGBUS outside every checkpoint mapping still kills the process, once a guard is
    // installed. Run in a child process of this test without QTest's crash handler (which would
    // print a stack trace of the expected crash): the child loads a checkpoint, which installs
    // the guard, then reads a truncated mapping of its own.
    void sigbusElsewhereStillKills()
    {
        if (qEnvironmentVariableIsSet("AE_TST_SIGBUS_CHILD")) {
            const auto loaded =
                loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
            const QByteArray other = qgetenv("AE_TST_SIGBUS_CHILD");
            const int fd = ::open(other.constData(), O_RDWR);
            void* map = ::mmap(nullptr, 8192, PROT_READ, MAP_SHARED, fd, 0);
            if (!loaded.model || map == MAP_FAILED || ::ftruncate(fd, 0) != 0)
                ::_exit(3);
            volatile const char* bytes = static_cast<const char*>(map);
            [[maybe_unused]] const char c = bytes[4096];
            ::_exit(0); // not reached: the read above faults
        }
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.bin"));
        QFile otherFile(other);
        QVERIFY(otherFile.open(QIODevice::WriteOnly) &&
                otherFile.write(QByteArray(8192, 'x')) == 8192);
        otherFile.close();
        const QByteArray self = QFile::encodeName(QCoreApplication::applicationFilePath());
        // The child's environment, made before fork (no allocation between fork and exec).
        // Under ASan its own SIGBUS report would be the action handed back to: off, so that
        // the child shows the default action.
        QByteArrayList environment{"AE_TST_SIGBUS_CHILD=" + QFile::encodeName(other),
                                   "ASAN_OPTIONS=" + qgetenv("ASAN_OPTIONS") + ":handle_sigbus=0"};
        for (char** e = environ; *e; ++e)
            if (!QByteArray(*e).startsWith("ASAN_OPTIONS="))
                environment << QByteArray(*e);
        std::vector<char*> envp;
        for (QByteArray& entry : environment)
            envp.push_back(entry.data());
        envp.push_back(nullptr);
        const char* const arguments[] = {self.constData(), "-nocrashhandler", "-silent",
                                         "sigbusElsewhereStillKills", nullptr};
        const pid_t child = ::fork();
        if (child == 0) {
            const rlimit noCore{0, 0}; // SIGBUS's default action dumps core
            ::setrlimit(RLIMIT_CORE, &noCore);
            ::execve(self.constData(), const_cast<char* const*>(arguments), envp.data());
            ::_exit(4);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS,
                 qPrintable(QStringLiteral("status %1").arg(status)));
    }
};

QTEST_GUILESS_MAIN(TestMappedCheckpoint)
#include "tst_mappedcheckpoint.moc"
