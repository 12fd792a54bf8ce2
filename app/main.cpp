#include "ApplicationIcon.h"
#include "BenchmarkRunner.h"
#include "CommandLine.h"
#include "ExportRunner.h"
#include "GuiFirst.h"
#include "HeadlessRunner.h"
#include "Interruption.h"
#include "MessageText.h"
#include "Translations.h"
#include "WindowHost.h"

#include <QApplication>
#include <QCoreApplication>

#include <csignal>
#include <cstdio>
#include <exception>
#include <limits>
#include <malloc.h>
#include <memory>
#include <new>

namespace {

void setApplicationIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AE_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("Attention Explorer"));
}

// The application object each mode needs: none of them opens a display but the desktop app.
std::unique_ptr<QCoreApplication> makeApplication(ae::CommandLineRequest::Mode mode, int& argc,
                                                  char* argv[])
{
    using Mode = ae::CommandLineRequest::Mode;
    switch (mode) {
    case Mode::Gui:
        return std::make_unique<QApplication>(argc, argv);
    case Mode::Export:
    case Mode::ExportDeck:
    case Mode::Benchmark:
        qputenv("QT_QPA_PLATFORM", "offscreen"); // figures need fonts, never a display
        return mode == Mode::Benchmark ? std::make_unique<QApplication>(argc, argv)
                                       : std::make_unique<QGuiApplication>(argc, argv);
    default:
        return std::make_unique<QCoreApplication>(argc, argv);
    }
}

int runHeadless(const ae::CommandLineRequest& request)
{
    using Mode = ae::CommandLineRequest::Mode;
    switch (request.mode) {
    case Mode::DumpJson:
        return ae::runDumpJson(request);
    case Mode::Export:
        return ae::runExport(request);
    case Mode::ExportDeck:
        return ae::runExportDeck(request);
    case Mode::Benchmark:
        return ae::runBenchmark(request);
    default:
        return ae::ExitOk;
    }
}

} // namespace

int main(int argc, char* argv[])
{
    // Keep freed tensor memory in the heap instead of returning it to the system: every
    // recompute allocates the same large matrices again (a model's trace: 566 MB at 1,024
    // tokens of SmolLM2-135M), and fresh pages cost more than the attention itself (page
    // faults, the kernel zeroing them). 32 MB is the largest threshold glibc's mallopt
    // accepts (a larger one is refused, and the trim setting alone would then leave every
    // block from 128 kB on to mmap); the trim threshold is as large as mallopt takes. The
    // compute service gives the free memory back once the app has been idle (malloc_trim).
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
    // glibc's heaps, eight per core, are left as they are: with fewer, threads share the GUI
    // thread's heap, and the GUI thread waits for its lock while a compute thread holds it to
    // grow that heap again after the idle trim (GPT-2 small at 1,024 tokens, the first edit
    // after a trim: GUI blocked 7.4-14.4 ms with two heaps, 4.9-5.8 ms with glibc's; SmolLM2
    // 4.0 and 54.9 ms against 4.3 and 4.4). A thread's own heap is a chain of 64 MB regions
    // that glibc unmaps as soon as the last one is wholly free, whatever the trim threshold,
    // unless the region before it has `M_TOP_PAD` spare: a pad of a whole region keeps them,
    // so a thread's next computation reuses their pages (the seed module with four key/value
    // heads, renormalised: a live update of 104-133 ms without it, 31-42 ms with it or with
    // two heaps). Peak RSS: GPT-2 1,143-1,148 MB (1,105 with two heaps), SmolLM2 1,662-1,669.
    // The idle trim gives back the pages of free blocks but not a thread heap's free top: once
    // GPT-2's benchmark window had closed, 126 MB stayed resident after a trim (72 MB with two
    // heaps).
    mallopt(M_TOP_PAD, 64 * 1024 * 1024);
    // Beyond `ulimit -f` a write fails with EFBIG and the message says so, instead of the
    // process dying of SIGXFSZ without a word.
    std::signal(SIGXFSZ, SIG_IGN);
    setApplicationIdentity();

    QStringList arguments;
    QList<QByteArray> native;
    for (int i = 0; i < argc; ++i) {
        arguments << QString::fromLocal8Bit(argv[i]);
        native << QByteArray(argv[i]);
    }
    // Parsed twice: first to know the mode and the language, then again once the translator
    // is installed, so that help and error texts come in the chosen language.
    ae::CommandLineRequest request = ae::parseCommandLine(arguments, native);
    const auto app = makeApplication(request.mode, argc, argv);
    if (!ae::WindowHost::installStartLanguage(request.language,
                                              request.mode == ae::CommandLineRequest::Mode::Gui)) {
        std::fprintf(stderr, "attention-explorer: unknown language %s; available: %s\n",
                     qPrintable(ae::quotedForMessage(request.language)),
                     qPrintable(ae::Translations::available().join(QStringLiteral(", "))));
        return ae::ExitUsageOrIo;
    }
    request = ae::parseCommandLine(arguments, native);

    using Mode = ae::CommandLineRequest::Mode;
    switch (request.mode) {
    case Mode::Help:
    case Mode::Version:
        std::printf("%s\n", request.text.toLocal8Bit().constData());
        return ae::ExitOk;
    case Mode::Error:
        std::fprintf(stderr, "attention-explorer: %s\n", request.text.toLocal8Bit().constData());
        return request.invalidSession ? ae::ExitInvalidSession : ae::ExitUsageOrIo;
    case Mode::DumpJson:
    case Mode::Export:
    case Mode::ExportDeck:
    case Mode::Benchmark:
        // SIGINT, SIGTERM, SIGHUP: stop, leave no file of this run, exit 128 + the signal.
        ae::interruption::install();
        // The command-line boundary: running out of memory (or any other escape) is a
        // message and exit code 2, never an abort.
        try {
            return runHeadless(request);
        } catch (const ae::interruption::Stopped&) {
            // Unwinding removed what this run had on disk (~OutputFile, ~OutputFolder).
            std::fputs(ae::interruption::message(), stderr);
            return ae::interruption::exitCode();
        } catch (const std::bad_alloc&) {
            ae::printError(QCoreApplication::translate(
                "Main", "out of memory: this session needs more memory than the system gives; "
                        "shorten the sentence or reduce num_heads or the dimensions"));
        } catch (const std::exception& error) {
            ae::printError(QCoreApplication::translate("Main", "internal error: %1")
                               .arg(ae::escapedForMessage(QString::fromLocal8Bit(error.what()))));
        }
        return ae::ExitUsageOrIo;
    case Mode::Gui:
        break;
    }
    QApplication::setApplicationDisplayName(QObject::tr("Attention Explorer"));
    QApplication::setWindowIcon(ae::applicationIcon());
    QGuiApplication::setDesktopFileName(
        QStringLiteral(AE_APP_ID)); // Wayland finds the icon through it
    ae::runAsTheGuiThread();        // before Qt starts its raster helpers: they inherit it
    ae::WindowHost host;
    host.show({request.sessionPath, request.overrides, request.page, request.present, request.layer,
               request.trainSession});
    return app->exec();
}
