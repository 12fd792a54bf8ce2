#include "ExportRunner.h"

#include "CommandLine.h"
#include "DeckExporter.h"
#include "FigureExporter.h"
#include "HeadlessRunner.h"
#include "Interruption.h"
#include "Limits.h"
#include "MessageText.h"
#include "ModelFigures.h"
#include "OutputFolder.h"
#include "RunCompute.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdio>

namespace ae {

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
    int exitCode = ExitOk;
    const std::optional<LoadedRun> loaded = loadAndComputeRun(request, exitCode);
    if (!loaded)
        return exitCode;
    const ComputedRun& computed = loaded->computed;
    // The weight figures of a checkpoint read its mapping too: checked again after writing.
    const int written = writeFigureFiles(modelfigures::allFigures(*computed.run, computed.layer),
                                         formats.formats, request);
    return changedWhileRead(*computed.run) ? ExitUsageOrIo : written;
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
    int exitCode = ExitOk;
    const std::optional<LoadedRun> loaded = loadAndComputeRun(request, exitCode);
    if (!loaded)
        return exitCode;
    const ComputedRun& computed = loaded->computed;
    DeckExporter exporter;
    exporter.setRun(computed.run, computed.layer);
    const QString error = exporter.write(loaded->session, request.deckPath);
    if (!error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    if (changedWhileRead(*computed.run))
        return ExitUsageOrIo;
    std::printf("%s\n", qPrintable(request.deckPath));
    return ExitOk;
}

} // namespace ae
