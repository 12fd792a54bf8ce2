#include "ModelRunner.h"

#include "CommandLine.h"
#include "HeadlessRunner.h"
#include "HeadsBenchmark.h"
#include "KvCache.h"
#include "MatMul.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "SafetensorsFile.h"
#include "Session.h"
#include "SessionFile.h"
#include "SgemmReference.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sys/resource.h>
#include <vector>

namespace ae {

namespace {

constexpr int Runs = 3; // a GPT-2-small forward at T = 1024 takes seconds

int refused(const ModelRunResult& result)
{
    printError(result.issue->message);
    return exitCodeOf(result);
}

// The checkpoint was truncated while the forward read it (MappedFileGuard gave zeros instead
// of a crash): whatever was computed is wrong, so nothing is written. True when it was.
bool changedWhileRead(const TransformerModel& model)
{
    if (!model.changedWhileRead())
        return false;
    printError(SafetensorsFile::changedMessage(QString::fromStdString(model.path())));
    return true;
}

double rounded(double value)
{
    return std::round(value * 1000.0) / 1000.0;
}

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

// Typing as the window does it, with the forward reusing the previous one's prefix: the
// sentence's last word taken away (no row to compute, the logits only) and put back (the
// rows after the shared prefix). Medians of PrefixRuns each way; adds nothing for a sentence
// of one word. `full` is a forward of the whole sentence; at most two traces are held.
void measurePrefixForward(const Session& session, std::shared_ptr<const ModelTrace> full,
                          QJsonObject& out)
{
    constexpr int PrefixRuns = 9;
    const std::size_t lastSpace = session.sentence.find_last_of(' ');
    if (lastSpace == std::string::npos || lastSpace == 0)
        return;
    const auto model = full->model;
    const std::vector<std::int64_t> ids = full->tokenIds;
    ModelTokens shorter =
        modelTokens(*model, std::string_view(session.sentence).substr(0, lastSpace));
    if (shorter.ids.empty())
        return;
    // A truncated sentence's shorter text is truncated too, as the window types it (its
    // forward used to run past the model's context, reading beyond the position table).
    if (const auto context = std::size_t(model->config().nCtx); shorter.ids.size() > context)
        shorter.ids.resize(context);
    for (const std::int64_t id : shorter.ids)
        if (id >= model->config().vocabSize)
            return;
    std::vector<double> removed, restored;
    Eigen::Index reused = 0;
    for (int i = 0; i < PrefixRuns; ++i) {
        auto start = std::chrono::steady_clock::now();
        const auto cut = transformerForward(model, shorter.ids, full.get());
        removed.push_back(millisecondsSince(start));
        full.reset(); // `cut` holds the prefix the next forward reuses
        start = std::chrono::steady_clock::now();
        full = transformerForward(model, ids, cut.get());
        restored.push_back(millisecondsSince(start));
        reused = full->reusedRows;
    }
    out[QStringLiteral("prefix_forward_ms")] = rounded(median(restored));
    out[QStringLiteral("prefix_forward_delete_ms")] = rounded(median(removed));
    out[QStringLiteral("prefix_reused_tokens")] = qint64(reused);
}

} // namespace

// VmHWM, which starts afresh at exec. (getrusage's
// ru_maxrss carries the parent's peak over fork and exec: started from a Python process that
// holds PyTorch's copy of the model, it would report that process's memory.)
double processPeakRssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (status.open(QIODevice::ReadOnly))
        for (const QByteArray& line : status.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0; // kB
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;
}

void addProcessFigures(QJsonObject& out)
{
    out[QStringLiteral("peak_rss_mb")] = rounded(processPeakRssMb());
    out[QStringLiteral("products")] = QString::fromStdString(productKernels());
}

int exitCodeOf(const ModelRunResult& refused)
{
    return refused.ioError || refused.overMemoryLimit ? ExitUsageOrIo : ExitInvalidSession;
}

namespace {

// The forward's figures of runModelBenchmark; false (the message printed, `exitCode` set) when
// the run was refused or the checkpoint changed meanwhile. Holds one forward's trace at a time
// (two while typing is measured) and lets go of the checkpoint when it returns.
bool measureForward(const Session& session, QJsonObject& out, int& exitCode)
{
    const ModelEngine engine;
    ModelRunResult first =
        engine.compute(session); // loads, checks the sentence, pages the weights in
    if (!first.run) {
        exitCode = refused(first);
        return false;
    }
    std::shared_ptr<const ModelTrace> trace = std::move(first.run->trace);
    const auto model = trace->model;
    const std::vector<std::int64_t> ids = trace->tokenIds;
    std::vector<double> times;
    SgemmReference reference; // between the forwards, with no trace held: the peak is theirs
    for (int i = 0; i < Runs; ++i) {
        trace.reset();
        reference.measure();
        const auto start = std::chrono::steady_clock::now();
        trace = transformerForward(model, ids);
        times.push_back(millisecondsSince(start));
    }
    std::sort(times.begin(), times.end());
    measurePrefixForward(session, std::move(trace), out);

    const TransformerConfig& c = model->config();
    out[QStringLiteral("model")] = QString::fromStdString(session.model);
    out[QStringLiteral("dtype")] = QString::fromStdString(c.dtype);
    out[QStringLiteral("n_layer")] = c.nLayer;
    out[QStringLiteral("n_head")] = c.nHead;
    out[QStringLiteral("n_embd")] = c.nEmbd;
    out[QStringLiteral("tokens")] = qint64(ids.size());
    out[QStringLiteral("runs")] = Runs;
    out[QStringLiteral("init_ms")] = rounded(first.run->loadMs);
    out[QStringLiteral("first_forward_ms")] = rounded(first.run->forwardMs);
    out[QStringLiteral("forward_ms")] = rounded(times[times.size() / 2]);
    // Useful GFLOP/s of the median forward: 2 per multiply-add of every block's products, of
    // each head's causal half, and of the last row's logits (generationCost's scratch).
    const double gflops =
        2 * generationCost(c, Eigen::Index(ids.size())).scratch / (times[times.size() / 2] * 1e6);
    out[QStringLiteral("gflops")] = rounded(gflops);
    reference.report(out, gflops);
    out[QStringLiteral("forward_min_ms")] = rounded(times.front());
    exitCode = changedWhileRead(*model) ? ExitUsageOrIo : ExitOk;
    return exitCode == ExitOk;
}

} // namespace

int runModelBenchmark(const Session& session, const std::function<void(QJsonObject&)>& more)
{
    QJsonObject out;
    int exitCode = ExitOk;
    if (!measureForward(session, out, exitCode))
        return exitCode;
    measureHeads(session, out); // detectors, ablation, generation (heads.md)
    // The window's figures, with a window that loads the checkpoint for itself: nothing of
    // the forwards above is held meanwhile, so peak_rss_mb is the larger of the two parts.
    if (more)
        more(out);
    addProcessFigures(out);
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
    return ExitOk;
}

} // namespace ae
