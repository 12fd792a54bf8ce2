#pragma once

#include "FigureExporter.h"

namespace ae {

struct CommandLineRequest;
struct Session;

// --export and --export-deck with a model session (a GPT-2 checkpoint, spec gpt2.md §2): the
// checkpoint is read and the forward run off-display (the offscreen platform, as any export),
// the layer of --layer (from 1; the first by default) is traced as the window's step pages
// shown as the forward computed it (ModelTrace::layers), and
// --export writes modelfigures::allFigures (the model view, that layer's step figures, the
//          head view of the last token and the next tokens) through writeFigureFiles;
// --export-deck writes the model's deck (DeckExporter::setModel).
// Refusals as --dump-json's: an unreadable checkpoint exit 2, a broken one, a sentence longer
// than n_ctx or a token beyond the vocabulary exit 1; a --layer beyond n_layer exit 2, the
// message naming the range.
int runModelExport(const CommandLineRequest& request, const Session& session,
                   const QList<ExportFormat>& formats);
int runModelExportDeck(const CommandLineRequest& request, const Session& session);

} // namespace ae
