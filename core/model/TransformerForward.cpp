#include "TransformerForward.h"

#include "AttentionKernel.h"
#include "BlockOps.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "Parallel.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>

#if defined(__SSE__)
#include <immintrin.h>
#endif

namespace ae {

namespace {

// Every row tensor of one block's trace sized for T tokens (the forward writes rows [P, T)).
void allocateLayer(const TransformerConfig& c, Eigen::Index T, Trace& layer)
{
    const int hd = c.headDim();
    const bool rope = c.rope.on;
    layer.inputs.resize(T, c.nEmbd);
    layer.heads.resize(std::size_t(c.nHead));
    for (HeadTrace& head : layer.heads) {
        head.queries.resize(T, hd);
        head.contextVec.resize(T, hd);
        if (rope)
            head.queriesRope.resize(T, hd);
    }
    layer.kvHeads.resize(std::size_t(c.kvHeads()));
    for (KeyValueHead& kv : layer.kvHeads) {
        kv.keys.resize(T, hd);
        kv.values.resize(T, hd);
        if (rope)
            kv.keysRope.resize(T, hd);
    }
    layer.contextVec.resize(T, c.nEmbd);
}

// A layer's tensors with a row per token (those allocateLayer sizes), in a fixed order; the
// rotated ones only with RoPE. Trace or const Trace.
template <typename LayerTrace> auto rowTensors(LayerTrace& layer)
{
    using Pointer = decltype(&layer.inputs);
    std::vector<Pointer> out{&layer.inputs, &layer.contextVec};
    for (auto& head : layer.heads)
        for (Pointer m : {&head.queries, &head.contextVec, &head.queriesRope})
            if (m->size() > 0)
                out.push_back(m);
    for (auto& kv : layer.kvHeads)
        for (Pointer m : {&kv.keys, &kv.values, &kv.keysRope})
            if (m->size() > 0)
                out.push_back(m);
    return out;
}

// A tensor of the new forward and its counterpart in the previous one.
struct KeptRows
{
    Matrix* rows;
    const Matrix* kept;
};

void addKept(const Trace& kept, Trace& layer, std::vector<KeptRows>& out)
{
    const std::vector<Matrix*> rows = rowTensors(layer);
    const std::vector<const Matrix*> old = rowTensors(kept);
    for (std::size_t i = 0; i < rows.size() && i < old.size(); ++i)
        out.push_back({rows[i], old[i]});
}

// n floats from src to dst with non-temporal stores where the CPU has them: the copies below
// are far larger than the caches, and a store that bypasses them does not first read the
// line it overwrites (SmolLM2's kept rows: 27 against 40 ms for memcpy on two threads).
void streamCopy(float* dst, const float* src, std::size_t n)
{
#if defined(__SSE__)
    std::size_t i = 0;
    for (; i < n && reinterpret_cast<std::uintptr_t>(dst + i) % 16 != 0; ++i)
        dst[i] = src[i];
    for (; i + 4 <= n; i += 4)
        _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));
    for (; i < n; ++i)
        dst[i] = src[i];
    _mm_sfence(); // the streamed stores visible before the loop's barrier
#else
    std::memcpy(dst, src, n * sizeof(float));
#endif
}

// Rows [0, P) of every tensor from its counterpart, in one parallel pass over chunks of rows
// (the tensors differ ninefold in width: chunks keep both threads busy to the end). With a
// token taken off or put back these copies are most of a forward (SmolLM2's shapes at
// T = 1024: 566 MB).
constexpr Eigen::Index KeptChunkFloats = Eigen::Index(1) << 16;

void copyKeptRows(const std::vector<KeptRows>& tensors, Eigen::Index P)
{
    struct Chunk
    {
        const KeptRows* tensor;
        Eigen::Index first, rows;
    };
    std::vector<Chunk> chunks;
    for (const KeptRows& t : tensors) {
        const Eigen::Index step = std::max<Eigen::Index>(1, KeptChunkFloats / t.rows->cols());
        for (Eigen::Index first = 0; first < P; first += step)
            chunks.push_back({&t, first, std::min(step, P - first)});
    }
#pragma omp parallel for schedule(dynamic, 4) if (chunks.size() > 8)
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        const Chunk& c = chunks[i];
        const Eigen::Index cols = c.tensor->rows->cols(); // the same in both (row-major)
        streamCopy(c.tensor->rows->data() + c.first * cols, c.tensor->kept->data() + c.first * cols,
                   std::size_t(c.rows * cols));
    }
}

// One block's attention for the rows [P, T): `layer` (allocateLayer) holds the previous
// forward's rows < P and gets every tensor of rows [P, T), its inputs norm1(x) first and its
// contextVec (the attention output) last. qkv = norm1(x)·W_attn [+ b] (R x (qd + 2·kvd)): queries |
// keys | values, qd = n_head · hd, kvd = n_kv_head · hd (q/k norms applied: blockQkv); keys and
// values are kept once per key/value head (Trace::kvHeads), query head h reading key/value
// head h / (n_head / n_kv_head). With rotary positions queries and keys are kept as projected
// and as rotated (queriesRope, keysRope), which the scores use.
// `overview` (null, or the layer's n_head results): each head's weights reduced as well.
void attention(const TransformerConfig& c, const TransformerLayerParams& p,
               const RopeRotation& rotation, Trace& layer, Eigen::Index P,
               BlockReducer::Result* overview)
{
    const Eigen::Index T = layer.inputs.rows();
    const Eigen::Index R = T - P;
    const int hd = c.headDim();
    const int kvHeads = c.kvHeads();
    const Eigen::Index qd = c.attentionWidth();
    const Eigen::Index kvd = Eigen::Index(kvHeads) * hd;
    const bool rope = c.rope.on;
    if (R == 0)
        return; // every row kept (a token taken off the end)
    const Matrix qkv = blockQkv(c, p, layer.inputs.bottomRows(R));
    HeadOptions options;
    options.arithmetic = layer.arithmetic;
    options.causal = true;
    options.window = c.window;
    options.scoreDivisor = layer.scoreDivisor;
    // The two masking methods are not compared here: that needs the hidden keys' scores and
    // a second softmax (a fifth of a SmolLM-shaped forward); the causal page and the dump
    // derive the comparison of the head they show (maskMethodsMaxDiff(trace, head)).
    Matrix z(R, qd); // the new rows' contexts, heads side by side (not kept)
    // The copies head by head, in parallel from ParallelCopyFloats, rotary models' queries and
    // keys rotated on the way (rotateQueriesKeys's rotation, from position P); the heads' row
    // blocks in one parallel loop (attendHeads).
    const bool parallel = c.nHead > 1 && R * qd >= ParallelCopyFloats;
    forEachIndex(kvHeads, parallel, [&](int g) {
        KeyValueHead& kv = layer.kvHeads[std::size_t(g)];
        kv.keys.bottomRows(R) = qkv.middleCols(qd + g * hd, hd);
        kv.values.bottomRows(R) = qkv.middleCols(qd + kvd + g * hd, hd);
        if (rope)
            applyRopeInto(qkv.middleCols(qd + g * hd, hd), rotation, kv.keysRope.bottomRows(R), P);
    });
    std::vector<HeadJob> jobs(std::size_t(c.nHead));
    forEachIndex(c.nHead, parallel, [&](int h) {
        HeadTrace& head = layer.heads[std::size_t(h)];
        head.queries.bottomRows(R) = qkv.middleCols(h * hd, hd);
        if (rope)
            applyRopeInto(qkv.middleCols(h * hd, hd), rotation, head.queriesRope.bottomRows(R), P);
        const KeyValueHead& kv = layer.kvHeads[std::size_t(layer.kvHeadOf(h))];
        HeadJob& job = jobs[std::size_t(h)];
        job.queries = rope ? &head.queriesRope : &head.queries;
        job.keys = rope ? &kv.keysRope : &kv.keys;
        job.values = &kv.values;
        job.options = options;
        job.options.reduceInto = overview ? overview + h : nullptr;
        job.head = &head;
        job.firstRow = P;
    });
    attendHeads(jobs);
    forEachIndex(c.nHead, parallel, [&](int h) {
        z.middleCols(h * hd, hd) = layer.heads[std::size_t(h)].contextVec.bottomRows(R);
    });
    conv1d(z, p.attnProjWeight, p.attnProjBias, BlockProducts::Linear,
           layer.contextVec.bottomRows(R));
}

} // namespace

Session layerSession(const TransformerModel& model, const Session& base)
{
    const TransformerConfig& c = model.config();
    Session s;
    s.title = base.title;
    s.description = base.description;
    s.sentence = base.sentence;
    s.model = base.model;
    s.tokenizer = modelTokenizer(c).kind();
    s.vocabSize = c.vocabSize;
    s.contextLength = c.nCtx;
    s.variant = Variant::MultiHead;
    s.dIn = c.nEmbd;
    s.dOutKq = c.attentionWidth();
    s.dOutV = c.attentionWidth();
    s.numHeads = c.nHead;
    s.numKvHeads = c.kvHeads() != c.nHead ? c.kvHeads() : 0;
    s.rope = c.rope.on;
    s.ropeStyle = RopeStyle::Half;
    s.ropeTheta = c.rope.theta;
    s.window = c.window;
    s.qkvBias = c.qkvBias ||
                (!model.params().layers.empty() && !model.params().layers.front().attnBias.empty());
    s.causal = true;
    s.dropout = 0.0;
    s.training = false;
    return s;
}

Eigen::Index reusablePrefix(const TransformerModel& model, const std::vector<std::int64_t>& ids,
                            const ModelTrace* previous)
{
    if (!previous || previous->model.get() != &model ||
        previous->residuals.size() != std::size_t(model.config().nLayer) + 1 ||
        previous->layers.size() != std::size_t(model.config().nLayer))
        return 0;
    return commonPrefixLength(previous->tokenIds, ids);
}

namespace {

// What the callers check already (ModelRun refuses such a sentence with a message): a caller
// that did not gets an exception, not a read past the embedding table.
void checkIds(const TransformerConfig& c, const std::vector<std::int64_t>& ids)
{
    if (std::int64_t(ids.size()) > c.nCtx)
        throw std::out_of_range("transformerForward: " + std::to_string(ids.size()) +
                                " tokens, beyond the model's context of " + std::to_string(c.nCtx));
    for (const std::int64_t id : ids)
        if (id < 0 || id >= c.vocabSize)
            throw std::out_of_range("transformerForward: token id " + std::to_string(id) +
                                    " is outside the model's vocabulary of " +
                                    std::to_string(c.vocabSize));
}

// The block b of the overview the caller asks for, if the forward can reduce into it (square,
// dividing CausalBlockRows); else 0.
Eigen::Index overviewBlock(WeightsReductionPolicy policy, Eigen::Index T)
{
    const std::optional<WeightsReduction> wanted = policy && T > 0 ? policy(T, T) : std::nullopt;
    if (!wanted || wanted->rowBlock != wanted->columnBlock || wanted->rowBlock < 1 ||
        CausalBlockRows % wanted->rowBlock != 0)
        return 0;
    return wanted->rowBlock;
}

// b when this forward reduces every head into an overview of b (transformerForward.h), else
// 0; then the results sized, with the strips before P copied from `previous`.
Eigen::Index prepareOverview(const TransformerConfig& c, Eigen::Index b, Eigen::Index T,
                             Eigen::Index P, const ModelTrace* previous,
                             std::vector<BlockReducer::Result>& out)
{
    if (b == 0)
        return 0;
    const std::size_t heads = std::size_t(c.nLayer) * std::size_t(c.nHead);
    if (P % b != 0 ||
        (P > 0 && (previous->overviewBlock != b || previous->overview.size() != heads)))
        return 0;
    const Eigen::Index n = (T + b - 1) / b, kept = P / b;
    out.resize(heads);
    for (std::size_t i = 0; i < heads; ++i) {
        BlockReducer::Result& r = out[i];
        r.rowBlock = r.columnBlock = int(b);
        r.values = Matrix::Zero(n, n);
        r.fractions = Matrix::Zero(n, n);
        if (kept > 0) { // a causal strip i has blocks 0 … i only
            r.values.topLeftCorner(kept, kept) =
                previous->overview[i].values.topLeftCorner(kept, kept);
            r.fractions.topLeftCorner(kept, kept) =
                previous->overview[i].fractions.topLeftCorner(kept, kept);
        }
    }
    return b;
}

} // namespace

std::shared_ptr<const ModelTrace> transformerForward(std::shared_ptr<const TransformerModel> model,
                                                     const std::vector<std::int64_t>& ids,
                                                     const ModelTrace* previous,
                                                     const ForwardLabels& labels,
                                                     WeightsReductionPolicy overview)
{
    const TransformerConfig& c = model->config();
    const TransformerParams& p = model->params();
    const auto T = static_cast<Eigen::Index>(ids.size());
    checkIds(c, ids);
    const Eigen::Index b = overviewBlock(overview, T);
    Eigen::Index P = reusablePrefix(*model, ids, previous);
    if (P < b)
        P = 0; // less than a row of cells kept (a text's first token): all computed again

    const Eigen::Index R = T - P; // the rows computed here
    const Eigen::Index d = c.nEmbd;
    auto trace = std::make_shared<ModelTrace>();
    trace->tokenIds = ids;
    trace->reusedRows = P;
    trace->residuals.resize(std::size_t(c.nLayer) + 1);
    trace->overviewBlock = prepareOverview(c, b, T, P, previous, trace->overview);

    Trace label; // what every layer's trace shares: the session, tokens, arithmetic
    label.session = layerSession(*model, labels.base);
    label.ownTokenizer = c.ownTokenizer;
    label.tokenIds = ids;
    label.tokens = labels.tokens;
    if (label.tokens.size() != ids.size()) {
        label.tokens.clear();
        for (const std::int64_t id : ids)
            label.tokens.push_back(std::to_string(id));
    }
    label.headDimKq = label.headDimV = c.headDim();
    label.arithmetic = Arithmetic::Fast;
    label.scoreDivisor = static_cast<float>(std::sqrt(static_cast<double>(c.headDim())));

    const RopeRotation rotation = modelRotation(c, T);

    // Every tensor allocated here, on the calling thread (the heap it comes from keeps its
    // pages), the kept rows copied in one parallel pass; the blocks then write rows [P, T).
    std::vector<std::shared_ptr<Trace>> layers;
    std::vector<KeptRows> kept;
    for (int l = 0; l < c.nLayer; ++l) {
        auto layer = std::make_shared<Trace>(label);
        layer->parametersSource = TransformerModel::layerParams(model, l);
        allocateLayer(c, T, *layer);
        if (P > 0)
            addKept(*previous->layers[std::size_t(l)], *layer, kept);
        layers.push_back(std::move(layer));
    }
    for (std::size_t l = 0; l < trace->residuals.size(); ++l) {
        trace->residuals[l].resize(T, d);
        if (P > 0)
            kept.push_back({&trace->residuals[l], &previous->residuals[l]});
    }
    copyKeptRows(kept, P);

    // The residual stream of the rows [P, T), layer by layer in the trace's residuals: the
    // embeddings into the first; each block adds its attention output to its stream's rows as
    // it writes them into the next, then the feed-forward's to those in place.
    {
        auto x = trace->residuals.front().bottomRows(R);
        for (Eigen::Index t = P; t < T; ++t) {
            p.wte.rowsInto(ids[std::size_t(t)], x.row(t - P));
            if (!p.wpe.empty())
                x.row(t - P) += p.wpe.matrix().row(t);
        }
    }
    for (int l = 0; l < c.nLayer; ++l) {
        const auto converted = model->layer(l); // held for the block
        const TransformerLayerParams& lp = *converted;
        Trace& layer = *layers[std::size_t(l)];
        const auto x = trace->residuals[std::size_t(l)].bottomRows(R);
        auto next = trace->residuals[std::size_t(l) + 1].bottomRows(R);
        normRows(c, x, lp.ln1Weight, lp.ln1Bias, layer.inputs.bottomRows(R));
        attention(c, lp, rotation, layer, P, // nothing for R = 0
                  trace->overviewBlock > 0 ? &trace->overview[std::size_t(l) * std::size_t(c.nHead)]
                                           : nullptr);
        addRows(x, layer.contextVec.bottomRows(R), next);
        addFeedForward(c, lp, next); // nothing for attention-only blocks or R = 0
    }
    trace->layers.assign(layers.begin(), layers.end());
    const Matrix& last = trace->residuals.back();

    if (T > 0) {
        trace->lastLogits = finalLogits(*model, last.bottomRows(1)); // (1 x V)
        trace->nextTokens = topNextTokens(trace->lastLogits, 10);
    }
    trace->model = std::move(model);
    return trace;
}

} // namespace ae
