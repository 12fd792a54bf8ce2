#include "Generation.h"

#include "KvCache.h"
#include "Softmax.h"
#include "TorchGenerator.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>

namespace ae {

namespace {

constexpr int StepTopTokens = 10;

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

// torch.topk(logits, k).values[-1], then torch.where(logits < it, -inf, logits): ties with the
// k-th largest stay.
void keepTopK(RowVector& logits, int k)
{
    if (k <= 0 || k >= logits.size())
        return;
    std::vector<float> sorted(logits.data(), logits.data() + logits.size());
    std::nth_element(sorted.begin(), sorted.begin() + (k - 1), sorted.end(), std::greater<>());
    const float kth = sorted[std::size_t(k - 1)];
    for (float& value : logits.reshaped())
        if (value < kth)
            value = -std::numeric_limits<float>::infinity();
}

std::vector<NextToken> topOf(const std::vector<float>& probs)
{
    std::vector<std::int64_t> order(probs.size());
    std::iota(order.begin(), order.end(), 0);
    const auto n = std::min<std::size_t>(StepTopTokens, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(n), order.end(),
                      [&](std::int64_t a, std::int64_t b) {
                          return probs[std::size_t(a)] > probs[std::size_t(b)] ||
                                 (probs[std::size_t(a)] == probs[std::size_t(b)] && a < b);
                      });
    std::vector<NextToken> top;
    for (std::size_t i = 0; i < n; ++i)
        top.push_back({order[i], probs[std::size_t(order[i])]});
    return top;
}

} // namespace

std::string_view generationStopKey(GenerationStop stop)
{
    switch (stop) {
    case GenerationStop::MaxNewTokens:
        return "max_new_tokens";
    case GenerationStop::StopToken:
        return "stop_token";
    case GenerationStop::ContextLength:
        return "context_length";
    case GenerationStop::Cancelled:
        return "cancelled";
    }
    return {};
}

std::int64_t drawNextToken(const RowVector& logits, const GenerateOptions& options,
                           TorchGenerator& generator, std::vector<NextToken>& top)
{
    RowVector kept = logits;
    keepTopK(kept, options.topK);
    const auto V = std::int64_t(kept.size());
    std::vector<float> probs(std::size_t(kept.size()));
    // torch.softmax(logits / temperature): each logit divided, then PyTorch's softmax order.
    const float divisor = options.temperature > 0 ? options.temperature : 1.0f;
    softmaxRow(kept.data(), probs.data(), V, V, divisor, Arithmetic::TorchOrder);
    top = topOf(probs);
    if (options.temperature > 0)
        return generator.multinomialOne(probs);
    Eigen::Index best = 0;
    kept.maxCoeff(&best); // the first of equal values, as torch.argmax
    return std::int64_t(best);
}

Generation generate(const std::shared_ptr<const TransformerModel>& model,
                    const std::vector<std::int64_t>& prompt, const GenerateOptions& options,
                    const std::function<bool(const GenerationStep&)>& onStep)
{
    const auto start = std::chrono::steady_clock::now();
    const auto forward = transformerForward(model, prompt);
    const double forwardMs = millisecondsSince(start);
    Generation out = generate(forward, options, onStep);
    out.promptMs += forwardMs;
    return out;
}

Generation generate(const std::shared_ptr<const ModelTrace>& promptForward,
                    const GenerateOptions& options,
                    const std::function<bool(const GenerationStep&)>& onStep)
{
    const ModelTrace& trace = *promptForward;
    const TransformerModel& model = *trace.model;
    const Eigen::Index nCtx = model.config().nCtx;
    Generation out;
    out.ids = trace.tokenIds;
    out.promptTokens = trace.tokenCount();
    auto start = std::chrono::steady_clock::now();
    KvCache cache(promptForward,
                  std::min<Eigen::Index>(nCtx, out.promptTokens + options.maxNewTokens));
    out.promptMs = millisecondsSince(start);
    RowVector logits = trace.lastLogits;
    std::vector<Matrix> attention; // of the token whose logits the next draw reads
    if (options.keepAttention)
        for (int l = 0; l < trace.layerCount(); ++l) {
            attention.emplace_back(trace.headCount(), trace.tokenCount());
            for (int h = 0; h < trace.headCount(); ++h)
                attention.back().row(h) = layerAttnRow(trace, l, h, trace.tokenCount() - 1);
        }
    TorchGenerator generator(options.seed); // torch.manual_seed(seed), once
    start = std::chrono::steady_clock::now();
    out.stop = GenerationStop::MaxNewTokens;
    if (Eigen::Index(out.ids.size()) >= nCtx)
        out.stop = GenerationStop::ContextLength;
    for (int n = 0; n < options.maxNewTokens && Eigen::Index(out.ids.size()) < nCtx; ++n) {
        GenerationStep step;
        step.id = drawNextToken(logits, options, generator, step.nextTokens);
        step.attention = std::move(attention);
        const bool stopToken = options.stopId && step.id == *options.stopId;
        if (!stopToken)
            out.ids.push_back(step.id);
        const bool last =
            stopToken || n + 1 == options.maxNewTokens || Eigen::Index(out.ids.size()) >= nCtx;
        if (!last) // the next draw's logits: this token's rows only
            logits = cache.step(step.id, options.keepAttention ? &attention : nullptr);
        step.ms = millisecondsSince(start);
        start = std::chrono::steady_clock::now();
        out.steps.push_back(std::move(step));
        if (onStep && !onStep(out.steps.back())) {
            out.stop = GenerationStop::Cancelled;
            break;
        }
        if (stopToken) {
            out.stop = GenerationStop::StopToken;
            break;
        }
        if (Eigen::Index(out.ids.size()) >= nCtx && n + 1 < options.maxNewTokens)
            out.stop = GenerationStop::ContextLength;
    }
    out.cacheBytes = cache.bytes();
    return out;
}

} // namespace ae
