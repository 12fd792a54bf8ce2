#include "BenchmarkRunner.h"
#include "CommandLine.h"
#include "HeadlessRunner.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AE_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("Attention Explorer"));

    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const ae::CommandLineRequest request = ae::parseCommandLine(arguments);

    if (ae::isHeadless(request)) {
        QCoreApplication app(argc, argv);
        switch (request.mode) {
        case ae::CommandLineRequest::Mode::Help:
        case ae::CommandLineRequest::Mode::Version:
            std::printf("%s\n", request.text.toLocal8Bit().constData());
            return ae::ExitOk;
        case ae::CommandLineRequest::Mode::Error:
            std::fprintf(stderr, "attention-explorer: %s\n", request.text.toLocal8Bit().constData());
            return ae::ExitUsageOrIo;
        case ae::CommandLineRequest::Mode::DumpJson:
            return ae::runDumpJson(request);
        case ae::CommandLineRequest::Mode::Benchmark:
            return ae::runBenchmark(request);
        case ae::CommandLineRequest::Mode::Gui:
            break;
        }
    }

    QApplication app(argc, argv);
    ae::MainWindow window;
    window.show();
    return app.exec();
}
