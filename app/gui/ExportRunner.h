#pragma once

namespace ae {

struct CommandLineRequest;

// --export DIR [--format png,svg,pdf,csv] [--scale 1|2|4]: computes the session and writes
// every figure of it (figures::allFigures) into DIR. Needs a QGuiApplication (fonts), on
// the offscreen platform: no display is used.
int runExport(const CommandLineRequest& request);

// --export-deck FILE.pdf: the walkthrough of the session, one page per step.
int runExportDeck(const CommandLineRequest& request);

} // namespace ae
