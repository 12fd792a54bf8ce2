#include "ExportRunner.h"

#include "CommandLine.h"
#include "DeckExporter.h"
#include "FigureExporter.h"
#include "HeadlessRunner.h"
#include "Limits.h"
#include "MessageText.h"
#include "ModelFigures.h"
#include "RunCompute.h"
#include "SessionFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSet>

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
    const SessionLoadResult loaded =
        SessionFile::load(request.sessionPath, request.overrides, request.sessionNative);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    int exitCode = ExitOk;
    const std::optional<ComputedRun> computed = computeRun(request, loaded.session, exitCode);
    if (!computed)
        return exitCode;
    if (changedWhileRead(*computed->run))
        return ExitUsageOrIo;
    // The weight figures of a checkpoint read its mapping too: checked again after writing.
    const int written = writeFigureFiles(modelfigures::allFigures(*computed->run, computed->layer),
                                         formats.formats, request);
    return changedWhileRead(*computed->run) ? ExitUsageOrIo : written;
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
    QStringList targets;
    QSet<QString> existing;
    for (const Figure& figure : everyFigure) {
        for (const ExportFormat format : formats) {
            const QString path =
                directory.filePath(FigureExporter::fileName(figure, format, request.exportScale));
            const QFileInfo info(path);
            if (info.exists() && !info.isFile()) {
                printError(QCoreApplication::translate(
                               "ExportRunner", "cannot write %1: something that is not a file has "
                                               "that name; nothing was written")
                               .arg(escapedForMessage(QDir::toNativeSeparators(path))));
                return ExitUsageOrIo;
            }
            if (info.exists())
                existing.insert(path);
            targets << path;
        }
    }
    const bool createdDirectory = !QFileInfo::exists(request.exportDirectory);
    if (!QDir().mkpath(request.exportDirectory)) {
        printError(QCoreApplication::translate("ExportRunner", "cannot create the directory %1")
                       .arg(shownDirectory));
        return ExitUsageOrIo;
    }
    const FigureExporter exporter;
    qsizetype written = 0;
    for (const Figure& figure : everyFigure) {
        const QString error =
            exporter.writeAll(figure, formats, request.exportDirectory, request.exportScale);
        if (!error.isEmpty()) {
            // Half an export is no export: what this run created goes (files that were
            // there before keep their new contents: each was replaced whole, atomically).
            for (qsizetype i = 0; i < targets.size() && i < written + formats.size(); ++i)
                if (!existing.contains(targets[i]))
                    QFile::remove(targets[i]);
            if (createdDirectory)
                QDir().rmdir(request.exportDirectory);
            printError(error);
            printError(QCoreApplication::translate(
                "ExportRunner", "the export failed; the files it had written were removed"));
            return ExitUsageOrIo;
        }
        for (qsizetype i = written; i < written + formats.size(); ++i)
            std::printf("%s\n", qPrintable(targets[i]));
        written += formats.size();
    }
    printError(QCoreApplication::translate("ExportRunner", "wrote %1 files to %2")
                   .arg(written)
                   .arg(shownDirectory));
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
    int exitCode = ExitOk;
    const std::optional<ComputedRun> computed = computeRun(request, loaded.session, exitCode);
    if (!computed)
        return exitCode;
    if (changedWhileRead(*computed->run))
        return ExitUsageOrIo;
    DeckExporter exporter;
    exporter.setRun(computed->run, computed->layer);
    const QString error = exporter.write(loaded.session, request.deckPath);
    if (!error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    if (changedWhileRead(*computed->run))
        return ExitUsageOrIo;
    std::printf("%s\n", qPrintable(request.deckPath));
    return ExitOk;
}

} // namespace ae
