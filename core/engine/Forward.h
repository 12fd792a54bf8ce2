#pragma once

#include "Arithmetic.h"
#include "Matrix.h"

#include <memory>
#include <optional>

namespace ae {

struct AttentionParams;
struct Session;
struct Trace;

// The module's projections of one forward, every head's side by side: queries = x·W_query
// (+b), keys = source·W_key (+b), values = source·W_value (+b). Self-attention (source is x
// itself) computes the three in one product through W_query | W_key | W_value, into `x`;
// cross-attention the queries into `x` and the keys and values in one product of the
// source's, into `source`. A function of x, source, the parameters and the arithmetic alone,
// so a recompute that changes none of them (a control: the mask, its method, dropout) reuses
// them (TraceEngine's memo).
struct Projections
{
    Matrix x;      // T x (q + k + v), or with cross-attention T x q
    Matrix source; // cross-attention: S x (k + v); else empty
    Eigen::Index queryWidth = 0, keyWidth = 0, valueWidth = 0;

    using Columns = Eigen::Block<const Matrix>;
    Columns queries() const { return {x, 0, 0, x.rows(), queryWidth}; }
    Columns keys() const { return keyValueColumns(0, keyWidth); }
    Columns values() const { return keyValueColumns(keyWidth, valueWidth); }

private:
    const Matrix& keyValues() const { return source.size() > 0 ? source : x; }
    Columns keyValueColumns(Eigen::Index first, Eigen::Index width) const
    {
        const Eigen::Index start = source.size() > 0 ? first : queryWidth + first;
        return {keyValues(), 0, start, keyValues().rows(), width};
    }
};
// `params` as initAttentionParams() makes them (wQkv filled).
Projections project(const AttentionParams& params, const Matrix& x, const Matrix& source,
                    Arithmetic arithmetic);

// Each head's weights reduced by blocks of rowBlock x columnBlock cells (BlockReducer: the
// largest weight per block, with per-row fractions) while the forward has each block of rows
// in cache, into HeadTrace::reducedWeights. How much to reduce, and for which texts, is a
// view's decision (ui/figures/ViewExtent.h); the forward only offers the pass. Done on the
// fast path only, and only when rowBlock divides CausalBlockRows (each block of rows then
// reduces into whole blocks); otherwise nothing is reduced and views derive it.
struct WeightsReduction
{
    int rowBlock = 1, columnBlock = 1;
};
// What a caller asks for a text of T queries and S keys (nullopt: no reduction).
using WeightsReductionPolicy = std::optional<WeightsReduction> (*)(Eigen::Index T, Eigen::Index S);

// The attention module's forward pass on prepared inputs (spec §3-§5):
// x (T, d_in), source (S, d_in; x itself without cross-attention) ->
// trace.heads, trace.contextVecHeads (multihead), trace.contextVec.
// pass 1: project: queries = x·W_query (+b), keys = source·W_key (+b), values likewise,
//         one GEMM per projection for all heads;
// pass 2: dropout keep-masks, drawn head after head, row-major (the stream order of the
//         wrapper's per-head draws and of the efficient class's single draw);
// pass 3: the heads' row blocks in one parallel loop (attendHeads()) on their column slices
//         (keeping each head's context, never its T x S scores or weights: HeadTensors.h);
// pass 4: concatenate heads; multihead: · out_proj + bias.
// With `reduction`, each head's weights are also reduced as WeightsReduction says.
// With a causal mask or a window each head also gets maskMethodsMaxDiff, up to 256 x 256
// weights a head (longer texts derive it on demand: TraceDerived.h).
// The trace keeps `params` (shared, not copied) as trace.parameters, except for simplified
// attention, which has none. `arithmetic` overrides chooseArithmetic() (the tests run every
// PyTorch fixture on both paths). `projections`, when given, are project()'s of these x,
// source, parameters and arithmetic, and pass 1 is skipped. trace.session is `session` (the
// caller sets it: the heads' tensors are read through HeadTensors.h, which reads it).
void runForward(const Session& session, const std::shared_ptr<const AttentionParams>& params,
                const Matrix& x, const Matrix& source, Trace& trace,
                std::optional<Arithmetic> arithmetic = std::nullopt,
                const Projections* projections = nullptr,
                std::optional<WeightsReduction> reduction = std::nullopt);

// What the trace shows beyond the forward pass proper. Nothing today: the forward itself
// compares the two causal masking methods (with a causal mask it computes the hidden keys'
// scores and the other method's weights, block by block), and views derive the rest.
void completeTrace(Trace& trace);

} // namespace ae
