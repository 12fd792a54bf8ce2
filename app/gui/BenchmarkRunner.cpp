#include "BenchmarkRunner.h"

#include "AttentionParams.h"
#include "CommandLine.h"
#include "Embedding.h"
#include "Engine.h"
#include "Forward.h"
#include "ForwardCost.h"
#include "HeadlessRunner.h"
#include "LabBenchmark.h"
#include "ModelRegistry.h"
#include "ModelRunner.h"
#include "SessionEnums.h"
#include "SessionFile.h"
#include "SessionValidator.h"
#include "SgemmReference.h"
#include "Tokenizer.h"
#include "Trace.h"
#include "TrainingRunner.h"
#include "UiBenchmark.h"
#include "ViewExtent.h"
#include "Vocabulary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

namespace ae {

namespace {

constexpr int Runs = 9;

double milliseconds(const std::function<void()>& work)
{
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double medianOf(int runs, const std::function<void()>& work)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i)
        times.push_back(milliseconds(work));
    return median(times);
}

double rounded(double value)
{
    return std::round(value * 1000.0) / 1000.0;
}

// "<name>_ms", and of it the GUI thread's time on a core ("<name>_cpu_ms") and queued for one
// behind other threads ("<name>_queued_ms"); the rest it was blocked.
void putBlock(QJsonObject& out, const QString& name, const UiTimings::Block& block)
{
    out[name + QStringLiteral("_ms")] = rounded(block.ms);
    out[name + QStringLiteral("_cpu_ms")] = rounded(block.cpuMs);
    out[name + QStringLiteral("_queued_ms")] = rounded(block.queuedMs);
}

} // namespace

int runBenchmark(const CommandLineRequest& request)
{
    if (!request.trainSession.isEmpty())
        return runTrainingBenchmark(request, [](const TrainingConfig& config, QJsonObject& out) {
            const LabTimings lab = measureTrainingLab(config);
            out[QStringLiteral("window_train_ms")] = rounded(lab.trainMs);
            out[QStringLiteral("window_steps_per_second")] = rounded(lab.stepsPerSecond);
            out[QStringLiteral("gui_max_block_lab_ms")] = rounded(lab.guiMaxBlockMs);
            out[QStringLiteral("gui_max_wait_lab_ms")] = rounded(lab.guiMaxWaitMs);
        });
    const SessionLoadResult loaded =
        SessionFile::load(request.sessionPath, request.overrides, request.sessionNative);
    if (loaded.issue) {
        std::fprintf(stderr, "attention-explorer: %s\n",
                     loaded.issue->message.toLocal8Bit().constData());
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    const Session& session = loaded.session;
    if (modelSource(session) == ModelSource::Checkpoint)
        return runModelBenchmark(session, [&session](QJsonObject& out) {
            const UiTimings ui = measureModelUi(session, 5);
            // ui_update_ms: the slowest of the pages; then each page's own figures.
            out[QStringLiteral("ui_update_ms")] = rounded(ui.uiUpdateMs);
            putBlock(out, QStringLiteral("gui_max_block"), ui.guiMaxBlock);
            out[QStringLiteral("gui_max_wait_ms")] = rounded(ui.guiMaxWaitMs);
            out[QStringLiteral("gui_max_event")] = QString::fromStdString(ui.guiMaxBlockEvent);
            out[QStringLiteral("visible_heatmaps")] = ui.visibleHeatmaps;
            for (const UiTimings::Page& page : ui.pages) {
                const QString id = QString::fromStdString(page.id);
                out[QStringLiteral("ui_update_%1_ms").arg(id)] = rounded(page.uiUpdateMs);
                out[QStringLiteral("gui_max_block_%1_ms").arg(id)] = rounded(page.guiMaxBlockMs);
                out[QStringLiteral("visible_heatmaps_%1").arg(id)] = page.visibleHeatmaps;
                if (page.editStartMs > 0) {
                    out[QStringLiteral("ui_update_edit_start_%1_ms").arg(id)] =
                        rounded(page.editStartMs);
                    out[QStringLiteral("edit_start_forward_%1_ms").arg(id)] =
                        rounded(page.editStartForwardMs);
                }
            }
            if (ui.editStartMs > 0) {
                out[QStringLiteral("ui_update_edit_start_ms")] = rounded(ui.editStartMs);
                out[QStringLiteral("gui_max_block_edit_start_ms")] =
                    rounded(ui.editStartMaxBlockMs);
                out[QStringLiteral("edit_start_forward_ms")] = rounded(ui.editStartForwardMs);
                out[QStringLiteral("edit_start_reused_tokens")] = ui.editStartReusedTokens;
            }
            // The analysis pages in the window (the core's own figures: detect_ms and the rest).
            if (ui.ablateAllMs > 0) { // sentences up to 64 tokens
                out[QStringLiteral("window_ablate_all_ms")] = rounded(ui.ablateAllMs);
                out[QStringLiteral("gui_max_block_ablate_all_ms")] =
                    rounded(ui.ablateAllMaxBlockMs);
            }
            out[QStringLiteral("window_generate_ms")] = rounded(ui.generateMs);
            out[QStringLiteral("window_generated_tokens")] = ui.generatedTokens;
            putBlock(out, QStringLiteral("gui_max_block_generate"), ui.generateMaxBlock);
            putBlock(out, QStringLiteral("gui_max_block_first_edit"), ui.firstEditBlock);
            out[QStringLiteral("gui_max_event_generate")] =
                QString::fromStdString(ui.generateMaxEvent);
        });
    if (const auto issue = validateSession(session)) {
        std::fprintf(stderr, "attention-explorer: %s\n", issue->message.toLocal8Bit().constData());
        return ExitInvalidSession;
    }

    // One full computation first: it checks the session and gives the shapes.
    const ComputeResult first = Engine().compute(session, viewWeightsReduction);
    const Trace& trace = *first.trace;

    std::vector<std::string_view> texts{session.sentence};
    if (session.isCross())
        texts.push_back(session.sourceSentence);
    const double tokenizeMs = medianOf(Runs, [&] { tokenizeWithIds(texts, session.tokenizer); });

    std::vector<std::int64_t> ids = trace.tokenIds;
    ids.insert(ids.end(), trace.sourceTokenIds.begin(), trace.sourceTokenIds.end());
    const double embeddingMs =
        session.embedding == EmbeddingSource::Torch
            ? medianOf(Runs,
                       [&] {
                           torchEmbeddingRows(session.embeddingSeed, session.vocabSize, session.dIn,
                                              ids, session.cpuCapability);
                       })
            : 0.0;
    std::shared_ptr<const AttentionParams> params;
    const double initMs = medianOf(Runs, [&] {
        params = std::make_shared<const AttentionParams>(initAttentionParams(session));
    });

    std::vector<double> forwardTimes;
    SgemmReference reference; // between the forwards: the same minutes
    for (int i = 0; i < Runs + 2; ++i) {
        if (i >= 1) // after the first forward has started OpenMP's threads
            reference.measure();
        Trace scratch;
        scratch.session = session;
        const double ms = milliseconds([&] {
            runForward(session, params, trace.inputs, trace.keySource(), scratch, std::nullopt,
                       nullptr, viewWeightsReduction(trace.queryCount(), trace.keyCount()));
        });
        if (i >= 2) // two warm-up runs: page faults of the first allocations, thread pool start
            forwardTimes.push_back(ms);
    }

    const UiTimings ui = measureUi(session, 5);

    QJsonObject result;
    result[QStringLiteral("tokens")] = qint64(trace.queryCount());
    result[QStringLiteral("source_tokens")] = qint64(trace.keyCount());
    result[QStringLiteral("d_in")] = session.dIn;
    result[QStringLiteral("d_out_kq")] = session.dOutKq;
    result[QStringLiteral("d_out_v")] = session.dOutV;
    result[QStringLiteral("num_heads")] = int(trace.heads.size());
    result[QStringLiteral("variant")] = QString::fromLatin1(toKey(session.variant).data());
    result[QStringLiteral("causal")] = session.causal;
    result[QStringLiteral("arithmetic")] = trace.arithmetic == Arithmetic::TorchOrder
                                               ? QStringLiteral("torch-order")
                                               : QStringLiteral("fast");
    result[QStringLiteral("runs")] = Runs;
    result[QStringLiteral("tokenize_ms")] = rounded(tokenizeMs);
    // A fixed vocabulary's first load, in the Engine above: "gpt2_vocab_load_ms".
    if (const Tokenizer& tokenizer = tokenizerFor(session.tokenizer);
        tokenizer.hasFixedVocabulary())
        result[QString(QString::fromLatin1(tokenizer.id()) + QStringLiteral("_vocab_load_ms"))] =
            rounded(tokenizer.vocabularyLoadMs());
    result[QStringLiteral("embedding_ms")] = rounded(embeddingMs);
    result[QStringLiteral("init_ms")] = rounded(initMs);
    result[QStringLiteral("forward_ms")] = rounded(median(forwardTimes));
    // Useful GFLOP/s of the median forward (ForwardCost.h: what counts).
    const double gflops = forwardFlops(trace) / (median(forwardTimes) * 1e6);
    result[QStringLiteral("gflops")] = rounded(gflops);
    reference.report(result, gflops);
    result[QStringLiteral("forward_min_ms")] =
        rounded(*std::min_element(forwardTimes.begin(), forwardTimes.end()));
    result[QStringLiteral("complete_ms")] = rounded(first.trace->timings.completeMs);
    result[QStringLiteral("render_ms")] = rounded(ui.renderMs);
    result[QStringLiteral("ui_update_ms")] = rounded(ui.uiUpdateMs);
    result[QStringLiteral("ui_update_to_neg_inf_ms")] = rounded(ui.uiUpdateToNegInfMs);
    result[QStringLiteral("ui_update_to_renormalize_ms")] = rounded(ui.uiUpdateToRenormalizeMs);
    putBlock(result, QStringLiteral("gui_max_block"), ui.guiMaxBlock);
    result[QStringLiteral("gui_max_wait_ms")] = rounded(ui.guiMaxWaitMs);
    result[QStringLiteral("gui_max_event")] = QString::fromStdString(ui.guiMaxBlockEvent);
    result[QStringLiteral("visible_heatmaps")] = ui.visibleHeatmaps;
    if (ui.flashStepMs > 0) {
        result[QStringLiteral("flash_step_ms")] = rounded(ui.flashStepMs);
        result[QStringLiteral("gui_max_block_flash_step_ms")] = rounded(ui.flashStepMaxBlockMs);
    }
    addProcessFigures(result);
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return ExitOk;
}

} // namespace ae
