#include "HeadsRunner.h"

#include "Ablation.h"
#include "CommandLine.h"
#include "Generation.h"
#include "HeadDetectors.h"
#include "HeadlessRunner.h"
#include "HeadsJson.h"
#include "InductionProbe.h"
#include "JsonWriter.h"
#include "MessageText.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelRunner.h"
#include "ModelTrace.h"
#include "SafetensorsFile.h"
#include "Session.h"
#include "SessionFile.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QCoreApplication>
#include <QIODevice>

#include <optional>

namespace ae {

namespace {

struct HeadsRunner
{
    Q_DECLARE_TR_FUNCTIONS(HeadsRunner)
};

int refuse(const QString& message)
{
    printError(message);
    return ExitUsageOrIo;
}

// The forward the analysis reads: the probe's, or the session's sentence's; null with the
// message printed and `exitCode` set when refused.
std::shared_ptr<const ModelTrace>
analysedForward(const CommandLineRequest& request, const Session& session,
                const ModelEngine& engine, const std::shared_ptr<const TransformerModel>& model,
                int& exitCode)
{
    const HeadsRequest& heads = request.heads;
    const TransformerConfig& c = model->config();
    if (heads.probe) {
        const auto bos = probeBos(c.vocabSize);
        const qint64 tokens = 2 * qint64(heads.probeLength) + (bos ? 1 : 0);
        if (tokens > c.nCtx) {
            exitCode = refuse(
                HeadsRunner::tr("--probe-length %1 makes a probe of %2 tokens, more than the "
                                "model reads (n_ctx = %3); give at most %4")
                    .arg(heads.probeLength)
                    .arg(tokens)
                    .arg(c.nCtx)
                    .arg((c.nCtx - (bos ? 1 : 0)) / 2));
            return nullptr;
        }
        return transformerForward(
            model, inductionProbe(c.vocabSize, heads.probeLength, heads.probeSeed, bos));
    }
    ModelRunResult computed = engine.compute(session);
    if (!computed.run) {
        printError(computed.issue->message);
        exitCode = exitCodeOf(computed);
        return nullptr;
    }
    return computed.run->trace;
}

} // namespace

int runHeadsDump(const CommandLineRequest& request)
{
    const HeadsRequest& heads = request.heads;
    SessionLoadResult loaded =
        SessionFile::load(request.sessionPath, request.overrides, request.sessionNative);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    const Session& session = loaded.session;
    if (modelSource(session) != ModelSource::Checkpoint)
        return refuse(HeadsRunner::tr("%1 needs a model: give --model FILE (or the session key "
                                      "model)")
                          .arg(heads.flag()));
    const ModelEngine engine;
    ModelRunResult failure;
    const auto model = engine.model(session.model, failure);
    if (!model) {
        printError(failure.issue->message);
        return exitCodeOf(failure);
    }
    const TransformerConfig& c = model->config();
    if (heads.analysis == HeadsRequest::Analysis::Generate && heads.generate.topK > c.vocabSize)
        return refuse(HeadsRunner::tr("--top-k %1 is more than the model's vocabulary "
                                      "(vocab_size = %2); give 1 to %2")
                          .arg(heads.generate.topK)
                          .arg(c.vocabSize));
    int exitCode = ExitOk;
    const auto forward = analysedForward(request, session, engine, model, exitCode);
    if (!forward)
        return exitCode;
    if (heads.analysis != HeadsRequest::Analysis::Generate && forward->tokenCount() < 2)
        return refuse(HeadsRunner::tr("%1 needs at least 2 tokens (it reads what each token "
                                      "does with the ones before it); the sentence has 1")
                          .arg(heads.flag()));

    std::optional<ProbeSpec> probe;
    if (heads.probe)
        probe = ProbeSpec{heads.probeSeed, heads.probeLength, probeBos(c.vocabSize)};
    JsonWriter json;
    switch (heads.analysis) {
    case HeadsRequest::Analysis::Detect:
        writeDetectionJson(json, *model, *detectHeads(*forward, heads.detector), probe);
        break;
    case HeadsRequest::Analysis::Ablate:
        writeAblationJson(json, *model, forward->tokenIds,
                          *ablateEveryHead(*forward, heads.ablation), probe);
        break;
    case HeadsRequest::Analysis::Generate:
        writeGenerationJson(json, *model, generate(forward, heads.generate), heads.generate);
        break;
    case HeadsRequest::Analysis::None:
        break;
    }
    if (model->changedWhileRead()) {
        printError(SafetensorsFile::changedMessage(QString::fromStdString(model->path())));
        return ExitUsageOrIo;
    }
    const std::string text = json.take();
    return writeDump(request, [&](QIODevice& device) {
        return device.write(text.data(), qint64(text.size())) == qint64(text.size());
    });
}

} // namespace ae
