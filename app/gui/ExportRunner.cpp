#include "ExportRunner.h"

#include "CommandLine.h"
#include "DeckExporter.h"
#include "Engine.h"
#include "FigureExporter.h"
#include "HeadlessRunner.h"
#include "Interruption.h"
#include "Limits.h"
#include "MessageText.h"
#include "ModelExportRunner.h"
#include "ModelRegistry.h"
#include "OutputFolder.h"
#include "SessionFile.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdio>

namespace ae {

namespace {

// --layer chooses a layer of a checkpoint's model; the seed module has one layer.
int refuseLayer(const CommandLineRequest& request)
{
    if (request.layer == 0)
        return ExitOk;
    printError(QCoreApplication::translate("ExportRunner",
                                           "--layer applies only to a model session "
                                           "(--model FILE or the session key model)"));
    return ExitUsageOrIo;
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
        printError(QCoreApplication::translate("ExportRunner", "--scale must be 1, 2 or 4, not %1")
                       .arg(quotedForMessage(request.exportScaleText)));
        return ExitUsageOrIo;
    }
    const SessionLoadResult loaded =
        SessionFile::load(request.sessionPath, request.overrides, request.sessionNative);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    if (modelSource(loaded.session) == ModelSource::Checkpoint)
        return runModelExport(request, loaded.session, formats.formats);
    if (const int refused = refuseLayer(request))
        return refused;
    const ComputeResult result = Engine().compute(loaded.session);
    if (result.issue) {
        printError(result.issue->message);
        return ExitInvalidSession;
    }
    return writeFigureFiles(figures::allFigures(result.trace), formats.formats, request);
}

int writeFigureFiles(const std::vector<Figure>& everyFigure, const QList<ExportFormat>& formats,
                     const CommandLineRequest& request)
{
    const QDir directory(request.exportDirectory);
    const QString shownDirectory =
        escapedForMessage(QDir::toNativeSeparators(request.exportDirectory));
    // Up front, before the first file: how many files, and whether every target can be one.
    const qint64 fileCount = qint64(everyFigure.size()) * formats.size();
    if (fileCount > limits::MaxExportFiles) {
        printError(QCoreApplication::translate(
                       "ExportRunner",
                       "this export would write %1 files; at most %2 are written at "
                       "once: choose fewer formats (--format) or fewer heads")
                       .arg(fileCount)
                       .arg(limits::MaxExportFiles));
        return ExitUsageOrIo;
    }
    QStringList names;
    for (const Figure& figure : everyFigure)
        for (const ExportFormat format : formats)
            names << FigureExporter::fileName(figure, format, request.exportScale);
    // Written into a staging folder first and moved into place at the end: a failure or a
    // signal half-way leaves the folder as it was (OutputFolder).
    OutputFolder folder;
    if (const QString error = folder.open(request.exportDirectory, names); !error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    const FigureExporter exporter;
    qsizetype index = 0;
    for (const Figure& figure : everyFigure) {
        for (const ExportFormat format : formats) {
            interruption::checkpoint(); // a stop signal: ~OutputFolder removes the staged files
            QString error =
                exporter.write(figure, format, folder.stagedPath(index), request.exportScale);
            if (!error.isEmpty()) {
                // The message names the file as the user will know it, not its staged copy.
                error.replace(QDir::toNativeSeparators(folder.stagedPath(index)),
                              QDir::toNativeSeparators(directory.filePath(names[index])));
                printError(error);
                printError(QCoreApplication::translate(
                    "ExportRunner", "the export failed; the files it had written were removed"));
                return ExitUsageOrIo;
            }
            ++index;
        }
    }
    if (const QString error = folder.commit(); !error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    for (const QString& name : std::as_const(names))
        std::printf("%s\n", qPrintable(directory.filePath(name)));
    printError(QCoreApplication::translate("ExportRunner", "wrote %1 files to %2")
                   .arg(names.size())
                   .arg(shownDirectory));
    // An earlier export's files are not removed, but they are named: a folder that mixes two
    // runs says so.
    if (const QStringList others = folder.otherEntries(); !others.isEmpty()) {
        constexpr qsizetype Shown = 5;
        QStringList listed;
        for (qsizetype i = 0; i < others.size() && i < Shown; ++i)
            listed << quotedForMessage(others[i]);
        if (others.size() > Shown)
            listed << QCoreApplication::translate("ExportRunner", "%1 more")
                          .arg(others.size() - Shown);
        printError(QCoreApplication::translate("ExportRunner",
                                               "%1 also holds %2 entries this export did not "
                                               "write (an earlier export's or yours), left as "
                                               "they were: %3")
                       .arg(shownDirectory)
                       .arg(others.size())
                       .arg(listed.join(QStringLiteral(", "))));
    }
    return ExitOk;
}

int runExportDeck(const CommandLineRequest& request)
{
    const SessionLoadResult loaded =
        SessionFile::load(request.sessionPath, request.overrides, request.sessionNative);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    if (modelSource(loaded.session) == ModelSource::Checkpoint)
        return runModelExportDeck(request, loaded.session);
    if (const int refused = refuseLayer(request))
        return refused;
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
