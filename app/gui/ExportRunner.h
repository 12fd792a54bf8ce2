#pragma once

#include "FigureExporter.h"

#include <vector>

namespace ae {

struct CommandLineRequest;

// --export DIR [--format png,svg,pdf,csv] [--scale 1|2|4]: computes the session and writes
// every figure of it (figures::allFigures) into DIR. Needs a QGuiApplication (fonts), on
// the offscreen platform: no display is used.
int runExport(const CommandLineRequest& request);

// --export-deck FILE.pdf: the walkthrough of the session, one page per step.
int runExportDeck(const CommandLineRequest& request);

// Writes every figure in every format into request.exportDirectory, each file's path on
// stdout: the file count and every target are checked before the first file is written, the
// files are staged and moved into place at the end (OutputFolder: a failure or a stop signal
// half-way leaves the folder as it was), and what else the folder holds is named on stderr.
// Returns the exit code.
int writeFigureFiles(const std::vector<Figure>& figures, const QList<ExportFormat>& formats,
                     const CommandLineRequest& request);

} // namespace ae
