#include "Forward.h"

#include "AttentionKernel.h"
#include "AttentionParams.h"
#include "MatMul.h"
#include "Trace.h"

#include <cmath>
#include <vector>

namespace ae {

namespace {

std::vector<Matrix> drawKeepMasks(const Session& s, const AttentionParams& params, int heads,
                                  Eigen::Index T, Eigen::Index S)
{
    std::vector<Matrix> masks;
    if (!s.dropoutActive())
        return masks;
    TorchGenerator gen = s.dropoutSeed ? TorchGenerator(*s.dropoutSeed, s.cpuCapability) : params.streamAfter;
    for (int h = 0; h < heads; ++h) {
        Matrix& keep = masks.emplace_back(T, S);
        gen.bernoulli({keep.data(), static_cast<std::size_t>(keep.size())}, 1.0 - s.dropout);
    }
    return masks;
}

} // namespace

void runForward(const Session& s, const AttentionParams& params, const Matrix& x,
                const Matrix& source, Trace& trace)
{
    const int heads = s.effectiveHeads();
    const Eigen::Index T = x.rows();
    const Eigen::Index S = source.rows();
    const std::vector<Matrix> keepMasks = drawKeepMasks(s, params, heads, T, S);

    const Arithmetic arithmetic = chooseArithmetic(s, T, S);
    trace.arithmetic = arithmetic;
    HeadOptions options;
    options.arithmetic = arithmetic;
    options.causal = s.causal;
    options.maskMethod = s.maskMethod;
    options.compareMaskMethods = s.causal;
    options.dropoutScale = 1.0f / static_cast<float>(1.0 - s.dropout);
    options.scoreDivisor = s.hasWeights() ? static_cast<float>(std::sqrt(static_cast<double>(params.headDimKq))) : 1.0f;
    trace.scoreDivisor = options.scoreDivisor;
    trace.heads.assign(static_cast<std::size_t>(heads), HeadTrace{});

    if (!s.hasWeights()) {
        options.keepMask = keepMasks.empty() ? nullptr : &keepMasks[0];
        attendHead(x, source, source, options, trace.heads[0]);
        trace.contextVec = trace.heads[0].contextVec;
        return;
    }

    const Matrix queries = linear(x, params.wQuery, params.bQuery, arithmetic);
    const Matrix keys = linear(source, params.wKey, params.bKey, arithmetic);
    const Matrix values = linear(source, params.wValue, params.bValue, arithmetic);
    const int dk = params.headDimKq;
    const int dv = params.headDimV;

#pragma omp parallel for schedule(dynamic) if (heads > 1)
    for (int h = 0; h < heads; ++h) {
        HeadTrace& head = trace.heads[static_cast<std::size_t>(h)];
        head.wQuery = params.wQuery.middleCols(h * dk, dk);
        head.wKey = params.wKey.middleCols(h * dk, dk);
        head.wValue = params.wValue.middleCols(h * dv, dv);
        if (s.qkvBias) {
            head.bQuery = params.bQuery.segment(h * dk, dk);
            head.bKey = params.bKey.segment(h * dk, dk);
            head.bValue = params.bValue.segment(h * dv, dv);
        }
        head.queries = queries.middleCols(h * dk, dk);
        head.keys = keys.middleCols(h * dk, dk);
        head.values = values.middleCols(h * dv, dv);
        HeadOptions headOptions = options;
        headOptions.keepMask = keepMasks.empty() ? nullptr : &keepMasks[static_cast<std::size_t>(h)];
        attendHead(head.queries, head.keys, head.values, headOptions, head);
    }

    Matrix concatenated(T, static_cast<Eigen::Index>(dv) * heads);
    for (int h = 0; h < heads; ++h)
        concatenated.middleCols(h * dv, dv) = trace.heads[static_cast<std::size_t>(h)].contextVec;

    trace.wQuery = params.wQuery;
    trace.wKey = params.wKey;
    trace.wValue = params.wValue;
    trace.bQuery = params.bQuery;
    trace.bKey = params.bKey;
    trace.bValue = params.bValue;
    if (s.variant == Variant::MultiHead) {
        trace.outProjWeight = params.outProjWeight;
        trace.outProjBias = params.outProjBias;
        trace.contextVec = linear(concatenated, params.outProjWeight, params.outProjBias, arithmetic);
        trace.contextVecHeads = std::move(concatenated);
    } else {
        trace.contextVec = std::move(concatenated);
    }
}

} // namespace ae
