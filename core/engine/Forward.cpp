#include "Forward.h"

#include "ArithmeticChoice.h"
#include "AttentionKernel.h"
#include "AttentionParams.h"
#include "FlashAttention.h"
#include "HeadTensors.h"
#include "MatMul.h"
#include "Parallel.h"
#include "Rope.h"
#include "Trace.h"
#include "TraceDerived.h"

#include <algorithm>
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

// Each head's columns of the projections (pass 1's output): queries per head, keys and values
// per head or, with fewer key/value heads, once per key/value head (trace.kvHeads); with RoPE
// also the rotated queries and keys, one table of cos and sin for all of them.
void splitHeads(const Session& s, const AttentionParams& params, const Projections& projected,
                Trace& trace)
{
    const int heads = int(trace.heads.size());
    const int dk = params.headDimKq, dv = params.headDimV;
    const Eigen::Index T = projected.queries().rows();
    const Eigen::Index S = projected.keys().rows();
    std::optional<RopeRotation> rotation;
    if (s.rope)
        rotation = ropeRotation(std::max(T, S), dk, s.ropeStyle, s.ropeTheta);
    const bool grouped = params.numKvHeads != heads;
    const bool parallel = heads > 1 && T * heads * dk >= ParallelCopyFloats;
    trace.kvHeads.assign(grouped ? std::size_t(params.numKvHeads) : 0, KeyValueHead{});
    // Every head's tensors allocated here, not in the workers (the calling thread's arena keeps the
    // memory from one forward to the next), then filled on both cores.
    for (KeyValueHead& kv : trace.kvHeads) {
        kv.keys.resize(S, dk);
        kv.values.resize(S, dv);
        if (rotation)
            kv.keysRope.resize(S, dk);
    }
    for (HeadTrace& head : trace.heads) {
        head.queries.resize(T, dk);
        if (rotation)
            head.queriesRope.resize(T, dk);
        if (!grouped) {
            head.keys.resize(S, dk);
            head.values.resize(S, dv);
            if (rotation)
                head.keysRope.resize(S, dk);
        }
        head.contextVec.resize(T, dv);
    }
    forEachIndex(int(trace.kvHeads.size()), parallel, [&](int g) {
        KeyValueHead& kv = trace.kvHeads[std::size_t(g)];
        kv.keys = projected.keys().middleCols(g * dk, dk);
        kv.values = projected.values().middleCols(g * dv, dv);
        if (rotation)
            applyRopeInto(kv.keys, *rotation, kv.keysRope);
    });
    forEachIndex(heads, parallel, [&](int h) {
        HeadTrace& head = trace.heads[static_cast<std::size_t>(h)];
        head.queries = projected.queries().middleCols(h * dk, dk);
        if (rotation)
            applyRopeInto(head.queries, *rotation, head.queriesRope);
        if (!grouped) {
            head.keys = projected.keys().middleCols(h * dk, dk);
            head.values = projected.values().middleCols(h * dv, dv);
            if (rotation)
                applyRopeInto(head.keys, *rotation, head.keysRope);
        }
    });
}

// The heads by the session's kernel: the standard one (every head's row blocks in one
// parallel loop), or the flash kernel beside it (the heads in parallel, each its blocks on
// its thread).
void attend(const Session& s, const std::vector<HeadJob>& jobs)
{
    if (s.kernel != KernelKind::Flash) {
        attendHeads(jobs);
        return;
    }
    forEachIndex(int(jobs.size()), jobs.size() > 1, [&](int h) {
        const HeadJob& job = jobs[std::size_t(h)];
        attendHeadFlash(*job.queries, *job.keys, *job.values, job.options, s.blockQ, s.blockK,
                        *job.head);
    });
}

} // namespace

Projections project(const AttentionParams& params, const Matrix& x, const Matrix& source,
                    Arithmetic arithmetic)
{
    Projections p;
    p.queryWidth = params.wQuery.cols();
    p.keyWidth = params.wKey.cols();
    p.valueWidth = params.wValue.cols();
    if (x.data() == source.data()) { // self-attention: one product
        p.x = linear(x, params.wQkv, params.bQkv, arithmetic);
        return p;
    }
    const Eigen::Index kv = p.keyWidth + p.valueWidth;
    const RowVector& b = params.bQkv;
    p.x = linear(x, params.wQuery, params.bQuery, arithmetic);
    p.source = linear(source, params.wQkv.rightCols(kv),
                      b.size() > 0 ? RowVector(b.tail(kv)) : RowVector(), arithmetic);
    return p;
}

namespace {

constexpr Eigen::Index CompareMaskMethodsMaxCells = 256 * 256;

} // namespace

void runForward(const Session& s, const std::shared_ptr<const AttentionParams>& shared,
                const Matrix& x, const Matrix& source, Trace& trace,
                std::optional<Arithmetic> forced, const Projections* projections,
                std::optional<WeightsReduction> reduction)
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
    options.window = s.window;
    options.maskMethod = s.maskMethod;
    // The two masking methods are compared while each block's scores are at hand when that is
    // cheap; a long text's comparison (the hidden keys' scores and a second softmax: 15 of 70
    // ms at 1,024 tokens and 12 heads) is derived when a page or the dump asks
    // (maskMethodsMaxDiff(trace, head)).
    options.compareMaskMethods = s.masked() && T * S <= CompareMaskMethodsMaxCells;
    options.dropoutScale = 1.0f / static_cast<float>(1.0 - s.dropout);
    options.scoreDivisor =
        s.hasWeights() ? static_cast<float>(std::sqrt(static_cast<double>(params.headDimKq)))
                       : 1.0f;
    trace.scoreDivisor = options.scoreDivisor;
    // A view's reduction of the weights, while the forward has them (see WeightsReduction).
    const bool reduce = reduction && arithmetic == Arithmetic::Fast && reduction->rowBlock > 0 &&
                        reduction->columnBlock > 0 && CausalBlockRows % reduction->rowBlock == 0;
    const int reduceRows = reduce ? reduction->rowBlock : 1;
    const int reduceColumns = reduce ? reduction->columnBlock : 1;
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
        attend(s, {HeadJob{&x, &source, &source, options, &trace.heads[0]}});
        trace.contextVec = trace.heads[0].contextVec;
        return;
    }

    std::optional<Projections> projected;
    if (!projections)
        projections = &projected.emplace(project(params, x, source, arithmetic));
    const int dv = params.headDimV;
    splitHeads(s, params, *projections, trace);

    // The heads at once (attend()); then each head's context into its columns of the
    // concatenation.
    std::vector<HeadJob> jobs;
    for (int h = 0; h < heads; ++h) {
        // What the scores use: the rotated queries and keys with RoPE, the key/value head's
        // keys and values with grouped heads.
        HeadJob& job = jobs.emplace_back();
        job.queries = &headQueries(trace, h);
        job.keys = &headKeys(trace, h);
        job.values = &headValues(trace, h);
        job.options = options;
        job.options.keepMask = keepMask(h);
        job.options.reduceInto = reductionFor(h);
        job.head = &trace.heads[static_cast<std::size_t>(h)];
    }
    attend(s, jobs);
    Matrix concatenated(T, static_cast<Eigen::Index>(dv) * heads);
    forEachIndex(heads, heads > 1 && T * heads * dv >= ParallelCopyFloats, [&](int h) {
        concatenated.middleCols(h * dv, dv) = trace.heads[static_cast<std::size_t>(h)].contextVec;
    });

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
