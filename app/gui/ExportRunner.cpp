#include "ExportRunner.h"

#include "CommandLine.h"
#include "DeckExporter.h"
#include "Engine.h"
#include "FigureExporter.h"
#include "HeadlessRunner.h"
#include "SessionFile.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdio>

namespace ae {

namespace {

void printError(const QString& message)
{
    std::fprintf(stderr, "attention-explorer: %s\n", message.toLocal8Bit().constData());
}

} // namespace

int runExport(const CommandLineRequest& request)
{
    const auto formats = FigureExporter::formatsFromString(request.exportFormats);
    if (!formats.error.isEmpty()) {
        printError(formats.error);
        return ExitUsageOrIo;
    }
    if (request.exportScale != 1 && request.exportScale != 2 && request.exportScale != 4) {
        printError(QCoreApplication::translate("ExportRunner", "--scale must be 1, 2 or 4, not %1").arg(request.exportScale));
        return ExitUsageOrIo;
    }
    const SessionLoadResult loaded = SessionFile::load(request.sessionPath, request.overrides);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    const ComputeResult result = Engine().compute(loaded.session);
    if (result.issue) {
        printError(result.issue->message);
        return ExitInvalidSession;
    }
    if (!QDir().mkpath(request.exportDirectory)) {
        printError(QCoreApplication::translate("ExportRunner", "cannot create the directory %1")
                       .arg(QDir::toNativeSeparators(request.exportDirectory)));
        return ExitUsageOrIo;
    }
    const FigureExporter exporter;
    int written = 0;
    for (const Figure& figure : figures::allFigures(result.trace)) {
        const QString error = exporter.writeAll(figure, formats.formats, request.exportDirectory, request.exportScale);
        if (!error.isEmpty()) {
            printError(error);
            return ExitUsageOrIo;
        }
        for (const ExportFormat format : formats.formats)
            std::printf("%s\n", qPrintable(QDir(request.exportDirectory).filePath(FigureExporter::fileName(figure, format, request.exportScale))));
        written += int(formats.formats.size());
    }
    printError(QCoreApplication::translate("ExportRunner", "wrote %1 files to %2")
                   .arg(written)
                   .arg(QDir::toNativeSeparators(request.exportDirectory)));
    return ExitOk;
}

int runExportDeck(const CommandLineRequest& request)
{
    const SessionLoadResult loaded = SessionFile::load(request.sessionPath, request.overrides);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    if (const auto issue = Engine().compute(loaded.session).issue) {
        printError(issue->message);
        return ExitInvalidSession;
    }
    const QString error = DeckExporter().write(loaded.session, request.deckPath);
    if (!error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    std::printf("%s\n", qPrintable(request.deckPath));
    return ExitOk;
}

} // namespace ae
