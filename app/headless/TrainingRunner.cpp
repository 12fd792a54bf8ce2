#include "TrainingRunner.h"

#include "CommandLine.h"
#include "HeadlessRunner.h"
#include "ModelRunner.h"
#include "Trainer.h"
#include "TrainingCheckpoint.h"
#include "TrainingSession.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

namespace ae {

namespace {

// The session, or nothing after printing why (exitCode set).
std::optional<TrainingConfig> loadSession(const CommandLineRequest& request, int& exitCode)
{
    if (!QFileInfo(request.trainSession).isFile()) {
        printError(QCoreApplication::translate("TrainingRunner",
                                               "--train: cannot read the training session %1")
                       .arg(request.trainSession));
        exitCode = ExitUsageOrIo;
        return std::nullopt;
    }
    TrainingSessionResult loaded = readTrainingSession(request.trainSession);
    if (!loaded.ok()) {
        for (const SessionIssue& issue : loaded.issues)
            printError(request.trainSession + QStringLiteral(": ") + issue.message);
        exitCode = loaded.issues.front().key.empty() ? ExitUsageOrIo : ExitInvalidSession;
        return std::nullopt;
    }
    if (request.trainSteps > 0)
        loaded.config.steps = request.trainSteps;
    return loaded.config;
}

QJsonArray grid(const HeadDetection& d, HeadPattern pattern, bool abs)
{
    QJsonArray layers;
    for (int l = 0; l < d.layers; ++l) {
        QJsonArray heads;
        for (int h = 0; h < d.heads; ++h) {
            const HeadScore& s = d.at(pattern, l, h);
            heads.append(abs ? s.abs : s.mul);
        }
        layers.append(heads);
    }
    return layers;
}

} // namespace

int runTrainingDump(const CommandLineRequest& request)
{
    int exitCode = ExitOk;
    const std::optional<TrainingConfig> config = loadSession(request, exitCode);
    if (!config)
        return exitCode;
    Trainer trainer(*config);
    QJsonArray loss, valLoss;
    while (trainer.stepsDone() < config->steps) {
        loss.append(double(trainer.step()));
        if (trainer.evaluationDue() && trainer.hasValidation())
            valLoss.append(double(trainer.validationLoss()));
    }
    const auto probe = trainer.probe();
    QJsonArray probeIds;
    for (const std::int64_t id : probe->tokenIds)
        probeIds.append(qint64(id));
    QJsonObject scores;
    for (const HeadPattern pattern : AllHeadPatterns)
        scores[QString::fromUtf8(headPatternKey(pattern))] =
            QJsonObject{{QStringLiteral("mul"), grid(probe->detection, pattern, false)},
                        {QStringLiteral("abs"), grid(probe->detection, pattern, true)}};
    const QJsonObject dump{{QStringLiteral("loss"), loss},
                           {QStringLiteral("val_loss"), valLoss},
                           {QStringLiteral("probe_ids"), probeIds},
                           {QStringLiteral("scores"), scores}};
    if (!request.saveCheckpoint.isEmpty()) {
        if (const QString error = saveTrainingCheckpoint(trainer, request.saveCheckpoint);
            !error.isEmpty()) {
            printError(error);
            return ExitUsageOrIo;
        }
    }
    const QByteArray text = QJsonDocument(dump).toJson(QJsonDocument::Compact);
    return writeDump(request, [&](QIODevice& device) { return device.write(text) == text.size(); });
}

int runTrainingBenchmark(const CommandLineRequest& request,
                         const std::function<void(const TrainingConfig&, QJsonObject&)>& more)
{
    int exitCode = ExitOk;
    const std::optional<TrainingConfig> config = loadSession(request, exitCode);
    if (!config)
        return exitCode;
    Trainer trainer(*config);
    std::vector<double> ms;
    for (int s = 0; s < config->steps; ++s) {
        const auto start = std::chrono::steady_clock::now();
        trainer.step();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    // The first fifth warms caches and the allocator up: the median of the rest.
    std::vector<double> rest(ms.begin() + std::ptrdiff_t(ms.size() / 5), ms.end());
    std::sort(rest.begin(), rest.end());
    const double median = rest.empty() ? 0 : rest[rest.size() / 2];
    QJsonObject out{{QStringLiteral("ms_per_step"), std::round(median * 1000) / 1000},
                    {QStringLiteral("steps"), config->steps},
                    {QStringLiteral("threads"), omp_get_max_threads()}};
    addProcessFigures(out);
    if (more)
        more(*config, out);
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
    return ExitOk;
}

} // namespace ae
