#include "Forward.h"

#include "ArithmeticChoice.h"
#include "AttentionKernel.h"
#include "AttentionParams.h"
#include "HeadTensors.h"
#include "HeadViews.h"
#include "MatMul.h"
#include "ParallelFailure.h"
#include "Trace.h"
#include "TraceDerived.h"

#include <cmath>
#include <vector>

namespace ae {

namespace {

// The keep masks go straight into the heads: the trace keeps them (a random draw, not a
// function of the rest), the forward reads them from there.
void drawKeepMasks(const Session& s, const AttentionParams& params, Eigen::Index T, Eigen::Index S,
                   std::vector<HeadTrace>& heads)
{
    if (!s.dropoutActive())
        return;
    TorchGenerator gen =
        s.dropoutSeed ? TorchGenerator(*s.dropoutSeed, s.cpuCapability) : params.streamAfter;
    for (HeadTrace& head : heads) {
        Matrix& keep = head.dropoutMask;
        keep.resize(T, S);
        gen.bernoulli({keep.data(), static_cast<std::size_t>(keep.size())}, 1.0 - s.dropout);
    }
}

} // namespace

Projections project(const AttentionParams& params, const Matrix& x, const Matrix& source,
                    Arithmetic arithmetic)
{
    return {linear(x, params.wQuery, params.bQuery, arithmetic),
            linear(source, params.wKey, params.bKey, arithmetic),
            linear(source, params.wValue, params.bValue, arithmetic)};
}

void runForward(const Session& s, const std::shared_ptr<const AttentionParams>& shared,
                const Matrix& x, const Matrix& source, Trace& trace,
                std::optional<Arithmetic> forced, const Projections* projections)
{
    const AttentionParams& params = *shared;
    const int heads = s.effectiveHeads();
    const Eigen::Index T = x.rows();
    const Eigen::Index S = source.rows();
    const Arithmetic arithmetic = forced.value_or(chooseArithmetic(s, T, S));
    trace.arithmetic = arithmetic;
    HeadOptions options;
    options.arithmetic = arithmetic;
    options.causal = s.causal;
    options.maskMethod = s.maskMethod;
    options.compareMaskMethods = s.causal; // while the block's scores are at hand
    options.dropoutScale = 1.0f / static_cast<float>(1.0 - s.dropout);
    options.scoreDivisor =
        s.hasWeights() ? static_cast<float>(std::sqrt(static_cast<double>(params.headDimKq)))
                       : 1.0f;
    trace.scoreDivisor = options.scoreDivisor;
    // A long text's weights are reduced to view size while the forward has them.
    const int reduceRows = reducedViewBlock(T), reduceColumns = reducedViewBlock(S);
    const bool reduce = arithmetic == Arithmetic::Fast && std::max(T, S) > ReducedViewExtent &&
                        CausalBlockRows % reduceRows == 0;
    std::vector<std::shared_ptr<BlockReducer::Result>> reductions;
    const auto reductionFor = [&](int h) -> BlockReducer::Result* {
        return reduce ? reductions[std::size_t(h)].get() : nullptr;
    };
    trace.headDimKq = params.headDimKq;
    trace.headDimV = params.headDimV;
    trace.heads.assign(static_cast<std::size_t>(heads), HeadTrace{});
    drawKeepMasks(s, params, T, S, trace.heads);
    if (reduce) // here, not in the workers: an allocation that fails is caught by the caller
        for (int h = 0; h < heads; ++h) {
            auto& r = *reductions.emplace_back(std::make_shared<BlockReducer::Result>());
            r.rowBlock = reduceRows;
            r.columnBlock = reduceColumns;
            r.values.resize((T + reduceRows - 1) / reduceRows,
                            (S + reduceColumns - 1) / reduceColumns);
            r.fractions.resize(r.values.rows(), r.values.cols());
            trace.heads[std::size_t(h)].reducedWeights = reductions.back();
        }
    const auto keepMask = [&](int h) {
        const Matrix& keep = trace.heads[static_cast<std::size_t>(h)].dropoutMask;
        return keep.size() > 0 ? &keep : nullptr;
    };

    if (!s.hasWeights()) {
        options.keepMask = keepMask(0);
        options.reduceInto = reductionFor(0);
        attendHead(x, source, source, options, trace.heads[0]);
        trace.contextVec = trace.heads[0].contextVec;
        return;
    }

    std::optional<Projections> projected;
    if (!projections)
        projections = &projected.emplace(project(params, x, source, arithmetic));
    const Matrix& queries = projections->queries;
    const Matrix& keys = projections->keys;
    const Matrix& values = projections->values;
    const int dk = params.headDimKq;
    const int dv = params.headDimV;

    for (int h = 0; h < heads; ++h) {
        HeadTrace& head = trace.heads[static_cast<std::size_t>(h)];
        head.queries = queries.middleCols(h * dk, dk);
        head.keys = keys.middleCols(h * dk, dk);
        head.values = values.middleCols(h * dv, dv);
        head.contextVec.resize(T, dv); // here, not in the workers: the main arena keeps it
    }
    // Heads in parallel; the GEMMs inside each run on one thread (Eigen does not nest).
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (heads > 1)
    for (int h = 0; h < heads; ++h)
        failure.run([&] {
            HeadTrace& head = trace.heads[static_cast<std::size_t>(h)];
            HeadOptions headOptions = options;
            headOptions.keepMask = keepMask(h);
            headOptions.reduceInto = reductionFor(h);
            attendHead(head.queries, head.keys, head.values, headOptions, head);
        });
    failure.rethrow();

    Matrix concatenated(T, static_cast<Eigen::Index>(dv) * heads);
    for (int h = 0; h < heads; ++h)
        concatenated.middleCols(h * dv, dv) = trace.heads[static_cast<std::size_t>(h)].contextVec;

    trace.parameters = shared;
    if (s.variant == Variant::MultiHead) {
        trace.contextVec =
            linear(concatenated, params.outProjWeight, params.outProjBias, arithmetic);
        trace.contextVecHeads = std::move(concatenated);
    } else {
        trace.contextVec = std::move(concatenated);
    }
}

void completeTrace(Trace&)
{
    // Nothing is left: the forward compares the two masking methods block by block, while each
    // block's scores are at hand, and a view derives the T x S tensors it shows (HeadTensors.h).
}

} // namespace ae
