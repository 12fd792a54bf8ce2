#include "HeadsBenchmark.h"

#include "Ablation.h"
#include "Generation.h"
#include "HeadDetectors.h"
#include "InductionProbe.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "Session.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <vector>

namespace ae {

namespace {

constexpr Eigen::Index DetectTokens = 1024;
constexpr Eigen::Index AblateTokens = 32;
constexpr Eigen::Index GeneratePrompt = 255;
constexpr int GenerateSteps = 10;
constexpr int ScratchRuns = 3;

double msOf(const std::function<void()>& work)
{
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

double roundedMs(double value)
{
    return std::round(value * 1000.0) / 1000.0;
}

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

// `count` random ids of the model's vocabulary (the probe's draw, without its repeat).
std::vector<std::int64_t> randomIds(const TransformerModel& model, Eigen::Index count)
{
    auto ids = inductionProbe(model.config().vocabSize, int((count + 1) / 2), 0, std::nullopt);
    ids.resize(std::size_t(count));
    return ids;
}

void measureGeneration(const std::shared_ptr<const TransformerModel>& model, QJsonObject& out)
{
    const Eigen::Index nCtx = model->config().nCtx;
    const Eigen::Index promptTokens = std::min(GeneratePrompt, nCtx - GenerateSteps);
    std::vector<std::int64_t> ids = randomIds(*model, promptTokens);
    GenerateOptions options;
    options.maxNewTokens = GenerateSteps;
    const Generation g = generate(model, ids, options);
    // Each step is a draw and the cached forward of the drawn token, but the last (nothing
    // reads its token's logits); the first is left out as a warm-up.
    std::vector<double> steps;
    for (std::size_t s = 1; s + 1 < g.steps.size(); ++s)
        steps.push_back(g.steps[s].ms);
    out[QStringLiteral("generate_prompt_tokens")] = qint64(promptTokens);
    out[QStringLiteral("generate_ms_per_token")] = roundedMs(medianOf(steps));

    ids.push_back(g.steps.front().id); // the first generated token, T = promptTokens + 1
    std::shared_ptr<const ModelTrace> previous =
        transformerForward(model, std::vector(ids.begin(), ids.end() - 1));
    std::vector<double> prefix, scratch;
    for (int run = 0; run < ScratchRuns; ++run) {
        std::shared_ptr<const ModelTrace> next;
        prefix.push_back(msOf([&] { next = transformerForward(model, ids, previous.get()); }));
        next.reset();
        scratch.push_back(msOf([&] { next = transformerForward(model, ids); }));
    }
    out[QStringLiteral("generate_prefix_ms_per_token")] = roundedMs(medianOf(prefix));
    out[QStringLiteral("generate_scratch_ms_per_token")] = roundedMs(medianOf(scratch));
}

} // namespace

void measureHeads(const Session& session, QJsonObject& out)
{
    const ModelEngine engine;
    ModelRunResult failure;
    const auto model = engine.model(session.model, failure);
    if (!model || model->config().nCtx < AblateTokens)
        return;
    const Eigen::Index detectTokens = std::min<Eigen::Index>(DetectTokens, model->config().nCtx);
    {
        std::shared_ptr<const ModelTrace> trace;
        out[QStringLiteral("detect_tokens")] = qint64(detectTokens);
        out[QStringLiteral("detect_forward_ms")] = roundedMs(
            msOf([&] { trace = transformerForward(model, randomIds(*model, detectTokens)); }));
        out[QStringLiteral("detect_ms")] = roundedMs(msOf([&] { detectHeads(*trace); }));
    }
    {
        std::shared_ptr<const ModelTrace> trace;
        out[QStringLiteral("ablate_tokens")] = qint64(AblateTokens);
        out[QStringLiteral("ablate_forward_ms")] = roundedMs(
            msOf([&] { trace = transformerForward(model, randomIds(*model, AblateTokens)); }));
        out[QStringLiteral("ablate_all_ms")] =
            roundedMs(msOf([&] { ablateEveryHead(*trace, AblationKind::Zero); }));
    }
    measureGeneration(model, out);
}

} // namespace ae
