#include "Ablation.h"

#include "BlockOps.h"
#include "ParallelFailure.h"
#include "StackedBlocks.h"
#include "Trace.h"
#include "TraceDerived.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

constexpr int AblationTopTokens = 10;

// log softmax(logits) in double.
Eigen::ArrayXd logProbs(const RowVector& logits)
{
    const Eigen::ArrayXd l = logits.transpose().cast<double>().array();
    const double max = l.maxCoeff();
    return l - (max + std::log((l - max).exp().sum()));
}

Prediction prediction(const SequencePrediction& s)
{
    return {s.loss, s.lastLogits, topNextTokens(s.lastLogits, AblationTopTokens)};
}

AblationResult compared(const Prediction& base, const SequencePrediction& ablated)
{
    const Eigen::ArrayXd p = logProbs(base.lastLogits), q = logProbs(ablated.lastLogits);
    return {prediction(ablated), (p.exp() * (p - q)).sum()};
}

// compared() for each sequence, in order, on every core: each is a pass over the vocabulary in
// double and a partial sort of it (144 of GPT-2's took 150 ms on one core).
void appendCompared(const Prediction& base, const std::vector<SequencePrediction>& ablated,
                    std::vector<AblationResult>& out)
{
    const std::size_t first = out.size();
    out.resize(first + ablated.size());
    const int count = int(ablated.size());
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (count > 1)
    for (int i = 0; i < count; ++i)
        failure.run([&] { out[first + std::size_t(i)] = compared(base, ablated[std::size_t(i)]); });
    failure.rethrow();
}

// The stacked residual streams after block `layer`'s attention, one sequence per head of
// `heads`: the stream entering the block plus the projection of its z with that head ablated.
Matrix ablatedStreams(const ModelTrace& trace, AblationKind kind, int layer,
                      const std::vector<int>& heads)
{
    const TransformerModel& model = *trace.model;
    const auto converted = model.layer(layer);
    const TransformerLayerParams& p = *converted;
    const Matrix z = headsConcatenated(*trace.layers[std::size_t(layer)]); // (T x d)
    const Eigen::Index T = z.rows();
    const int hd = trace.headDim();
    Matrix stacked(Eigen::Index(heads.size()) * T, z.cols());
    for (std::size_t b = 0; b < heads.size(); ++b) {
        auto rows = stacked.middleRows(Eigen::Index(b) * T, T);
        rows = z;
        auto head = rows.middleCols(Eigen::Index(heads[b]) * hd, hd);
        if (kind == AblationKind::Zero) {
            head.setZero();
        } else {
            const RowVector mean = (head.cast<double>().colwise().sum() / double(T)).cast<float>();
            head.rowwise() = mean;
        }
    }
    Matrix x = conv1d(stacked, p.attnProjWeight, p.attnProjBias, BlockProducts::Stacked);
    const Matrix& residual = trace.residuals[std::size_t(layer)];
    for (std::size_t b = 0; b < heads.size(); ++b)
        x.middleRows(Eigen::Index(b) * T, T) += residual;
    addFeedForward(model.config(), p, x, BlockProducts::Stacked);
    return x;
}

// Heads `heads` of block `layer` ablated; empty when `keepGoing` stopped it.
std::vector<AblationResult> ablateStacked(const ModelTrace& trace, const Prediction& base,
                                          AblationKind kind, int layer,
                                          const std::vector<int>& heads,
                                          const std::function<bool()>& keepGoing = {})
{
    const Eigen::Index T = trace.tokenCount();
    Matrix x = ablatedStreams(trace, kind, layer, heads);
    if (!runStackedBlocks(*trace.model, layer + 1, T, x, keepGoing))
        return {};
    std::vector<AblationResult> out;
    Matrix logits;
    appendCompared(base, predictSequences(*trace.model, x, T, trace.tokenIds, logits), out);
    return out;
}

} // namespace

std::string_view ablationKindKey(AblationKind kind)
{
    return kind == AblationKind::Zero ? "zero" : "mean";
}

Prediction basePrediction(const ModelTrace& trace)
{
    const Eigen::Index T = trace.tokenCount();
    Matrix logits;
    return prediction(
        predictSequences(*trace.model, trace.finalResidual(), T, trace.tokenIds, logits)[0]);
}

AblationResult ablateHead(const ModelTrace& trace, const Prediction& base, AblationKind kind,
                          int layer, int head)
{
    return ablateStacked(trace, base, kind, layer, {head}).front();
}

std::optional<AblationGrid> ablateEveryHead(const ModelTrace& trace, AblationKind kind,
                                            const AnalysisProgress& progress)
{
    AblationGrid grid;
    grid.kind = kind;
    grid.layers = trace.layerCount();
    grid.heads = trace.headCount();
    const int total = grid.layers * grid.heads;
    if (!keepGoing(progress, 0, total))
        return std::nullopt;
    grid.base = basePrediction(trace);
    const Eigen::Index T = trace.tokenCount();
    const Eigen::Index d = trace.model->config().nEmbd;
    const int perStack =
        int(std::max<Eigen::Index>(1, MaxStackedRows / std::max<Eigen::Index>(T, 1)));
    // The heads in results' order (layer · heads + head), perStack sequences to a stack. A
    // stack may span several layers: each layer's ablated streams join it after that layer's
    // block, and from there they go through the blocks above together with the earlier ones, so
    // that each block's weights are read once per stack rather than once per layer ablated.
    Matrix logits; // rows of logits, one buffer for every stack
    for (int done = 0; done < total;) {
        const int last = std::min(total, done + perStack);
        const int firstLayer = done / grid.heads, lastLayer = (last - 1) / grid.heads;
        // Progress within the stack: asked before each block, counted in blocks.
        int blocks = 0;
        const int stackBlocks = grid.layers - firstLayer;
        const auto stop = [&] {
            const int within = (last - done) * std::min(blocks++, stackBlocks) / (stackBlocks + 1);
            return keepGoing(progress, done + within, total);
        };
        Matrix stack(0, d);
        for (int l = firstLayer; l <= lastLayer; ++l) {
            if (stack.rows() > 0 && !runStackedBlocks(*trace.model, l, T, stack, stop, l + 1))
                return std::nullopt;
            std::vector<int> heads;
            for (int i = std::max(done, l * grid.heads); i < std::min(last, (l + 1) * grid.heads);
                 ++i)
                heads.push_back(i - l * grid.heads);
            const Matrix streams = ablatedStreams(trace, kind, l, heads);
            Matrix grown(stack.rows() + streams.rows(), d);
            grown.topRows(stack.rows()) = stack;
            grown.bottomRows(streams.rows()) = streams;
            stack.swap(grown);
        }
        if (!runStackedBlocks(*trace.model, lastLayer + 1, T, stack, stop))
            return std::nullopt;
        appendCompared(grid.base, predictSequences(*trace.model, stack, T, trace.tokenIds, logits),
                       grid.results);
        done = last;
        if (!keepGoing(progress, done, total))
            return std::nullopt;
    }
    return grid;
}

} // namespace ae
