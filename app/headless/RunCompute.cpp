#include "RunCompute.h"

#include "CommandLine.h"
#include "Engine.h"
#include "HeadlessRunner.h"
#include "MessageText.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelRunner.h"
#include "ModelTrace.h"
#include "SafetensorsFile.h"
#include "Session.h"
#include "SessionFile.h"
#include "TransformerModel.h"

#include <QCoreApplication>
#include <QDir>

namespace ae {

namespace {

std::optional<ComputedRun> computeSeedModule(const CommandLineRequest& request,
                                             const Session& session, int& exitCode)
{
    if (request.layer != 0) {
        printError(QCoreApplication::translate("ExportRunner",
                                               "--layer applies only to a model session "
                                               "(--model FILE or the session key model)"));
        exitCode = ExitUsageOrIo;
        return std::nullopt;
    }
    ComputeResult result = Engine().compute(session);
    if (!result.trace) {
        printError(result.issue->message);
        exitCode = ExitInvalidSession;
        return std::nullopt;
    }
    return ComputedRun{seedModuleRun(std::move(result.trace)), 0};
}

std::optional<ComputedRun> computeCheckpoint(const CommandLineRequest& request,
                                             const Session& session, int& exitCode)
{
    const ModelEngine engine;
    ModelRunResult failure;
    // The layer is checked against the checkpoint before the forward runs.
    double loadMs = 0;
    const auto model = engine.model(session.model, failure, &loadMs);
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
    computed.run->loadMs = loadMs; // loaded above, before --layer was checked
    return ComputedRun{std::make_shared<const ModelRun>(std::move(*computed.run)), layer};
}

} // namespace

std::optional<ComputedRun> computeRun(const CommandLineRequest& request, const Session& session,
                                      int& exitCode)
{
    if (modelSource(session) == ModelSource::SeedModule)
        return computeSeedModule(request, session, exitCode);
    return computeCheckpoint(request, session, exitCode);
}

std::optional<LoadedRun> loadAndComputeRun(const CommandLineRequest& request, int& exitCode)
{
    SessionLoadResult loaded =
        SessionFile::load(request.sessionPath, request.overrides, request.sessionNative);
    if (loaded.issue) {
        printError(loaded.issue->message);
        exitCode = loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
        return std::nullopt;
    }
    std::optional<ComputedRun> computed = computeRun(request, loaded.session, exitCode);
    if (!computed)
        return std::nullopt;
    if (changedWhileRead(*computed->run)) {
        exitCode = ExitUsageOrIo;
        return std::nullopt;
    }
    return LoadedRun{std::move(loaded.session), std::move(*computed)};
}

bool changedWhileRead(const ModelRun& run)
{
    const ModelTrace& trace = *run.trace;
    if (trace.isSeedModule() || !trace.model->changedWhileRead())
        return false;
    printError(SafetensorsFile::changedMessage(QString::fromStdString(trace.model->path())));
    return true;
}

} // namespace ae
