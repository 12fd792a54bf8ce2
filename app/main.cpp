#include "BenchmarkRunner.h"
#include "CommandLine.h"
#include "ExportRunner.h"
#include "HeadlessRunner.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QTimer>

#include <cstdio>
#include <malloc.h>

namespace {

void setApplicationIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AE_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("Attention Explorer"));
}

int runGui(int argc, char* argv[], const ae::CommandLineRequest& request)
{
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QObject::tr("Attention Explorer"));
    ae::MainWindow window;
    if (!request.sessionPath.isEmpty() || !request.overrides.isEmpty())
        window.openSession(request.sessionPath, request.overrides);
    if (!request.page.isEmpty() && !window.showPage(request.page))
        std::fprintf(stderr, "attention-explorer: unknown page \"%s\"\n", qPrintable(request.page));
    window.show();
    if (request.present)
        window.setPresentationMode(true);
    QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return app.exec();
}

} // namespace

int main(int argc, char* argv[])
{
    // Keep freed tensor memory in the heap instead of returning it to the system: every
    // recompute allocates the same few large matrices again, and fresh pages from mmap cost
    // more than the attention itself at GPT-2 sizes (page faults on some 100 MB).
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
    setApplicationIdentity();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const ae::CommandLineRequest request = ae::parseCommandLine(arguments);

    using Mode = ae::CommandLineRequest::Mode;
    switch (request.mode) {
    case Mode::Help:
    case Mode::Version:
        std::printf("%s\n", request.text.toLocal8Bit().constData());
        return ae::ExitOk;
    case Mode::Error:
        std::fprintf(stderr, "attention-explorer: %s\n", request.text.toLocal8Bit().constData());
        return ae::ExitUsageOrIo;
    case Mode::DumpJson: {
        QCoreApplication app(argc, argv);
        return ae::runDumpJson(request);
    }
    case Mode::Export: {
        // Figures need fonts, hence a GUI application, but never a display.
        qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        return ae::runExport(request);
    }
    case Mode::ExportDeck: {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        return ae::runExportDeck(request);
    }
    case Mode::Benchmark: {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        return ae::runBenchmark(request);
    }
    case Mode::Gui:
        break;
    }
    return runGui(argc, argv, request);
}
