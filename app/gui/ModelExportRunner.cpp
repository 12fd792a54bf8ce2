#include "ModelExportRunner.h"

#include "CommandLine.h"
#include "DeckExporter.h"
#include "ExportRunner.h"
#include "HeadlessRunner.h"
#include "MessageText.h"
#include "ModelFigures.h"
#include "ModelRun.h"
#include "ModelRunner.h"
#include "ModelTrace.h"
#include "SafetensorsFile.h"
#include "Session.h"
#include "TransformerModel.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdio>
#include <optional>

namespace ae {

namespace {

struct ModelLayer
{
    std::shared_ptr<const ModelRun> run;
    std::shared_ptr<const Trace> layerTrace;
    int layer = 0; // from 0
};

// The forward and the chosen layer's trace; on failure the message is printed and `exitCode`
// set.
std::optional<ModelLayer> computeLayer(const CommandLineRequest& request, const Session& session,
                                       int& exitCode)
{
    const ModelEngine engine;
    ModelRunResult failure;
    // The layer is checked against the checkpoint before the forward runs.
    const auto model = engine.model(session.model, failure);
    if (!model) {
        printError(failure.issue->message);
        exitCode = exitCodeOf(failure);
        return std::nullopt;
    }
    const int layers = model->config().nLayer;
    const int layer = std::max(request.layer, 1) - 1;
    if (layer >= layers) {
        printError(QCoreApplication::translate(
                       "ExportRunner", "--layer %1 is out of range: %2 has %3 layers; give a "
                                       "layer from 1 to %3")
                       .arg(request.layer)
                       .arg(escapedForMessage(
                           QDir::toNativeSeparators(QString::fromStdString(session.model))))
                       .arg(layers));
        exitCode = ExitUsageOrIo;
        return std::nullopt;
    }
    ModelRunResult computed = engine.compute(session);
    if (!computed.run) {
        printError(computed.issue->message);
        exitCode = exitCodeOf(computed);
        return std::nullopt;
    }
    ModelLayer result;
    result.run = std::make_shared<const ModelRun>(std::move(*computed.run));
    result.layer = layer;
    result.layerTrace = result.run->trace->layers[std::size_t(layer)]; // the forward's own
    return result;
}

// The checkpoint was truncated while it was read (MappedFileGuard gave zeros instead of a
// crash): the figures were computed from zeros. Checked after the forward and again after
// the files are written (the weight figures read the mapping too).
bool changedWhileRead(const ModelLayer& computed)
{
    const TransformerModel& model = *computed.run->trace->model;
    if (!model.changedWhileRead())
        return false;
    printError(SafetensorsFile::changedMessage(QString::fromStdString(model.path())));
    return true;
}

} // namespace

int runModelExport(const CommandLineRequest& request, const Session& session,
                   const QList<ExportFormat>& formats)
{
    int exitCode = ExitOk;
    const std::optional<ModelLayer> computed = computeLayer(request, session, exitCode);
    if (!computed)
        return exitCode;
    if (changedWhileRead(*computed))
        return ExitUsageOrIo;
    const int written = writeFigureFiles(
        modelfigures::allFigures(*computed->run, computed->layerTrace, computed->layer), formats,
        request);
    return changedWhileRead(*computed) ? ExitUsageOrIo : written;
}

int runModelExportDeck(const CommandLineRequest& request, const Session& session)
{
    int exitCode = ExitOk;
    const std::optional<ModelLayer> computed = computeLayer(request, session, exitCode);
    if (!computed || changedWhileRead(*computed))
        return computed ? ExitUsageOrIo : exitCode;
    DeckExporter exporter;
    exporter.setModel(computed->run, computed->layerTrace, computed->layer);
    const QString error = exporter.write(session, request.deckPath);
    if (!error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    if (changedWhileRead(*computed))
        return ExitUsageOrIo;
    std::printf("%s\n", qPrintable(request.deckPath));
    return ExitOk;
}

} // namespace ae
