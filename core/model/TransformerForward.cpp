#include "TransformerForward.h"

#include "AttentionKernel.h"
#include "BlockOps.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "ParallelFailure.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace ae {

namespace {

// rows (T x cols) of the sequence: the first P copied from `kept` (the previous forward's, or
// null when P = 0), the last T - P left to be written.
void keepPrefix(Matrix& rows, const Matrix* kept, Eigen::Index T, Eigen::Index cols, Eigen::Index P)
{
    rows.resize(T, cols);
    if (P > 0)
        rows.topRows(P) = kept->topRows(P);
}

// Rows [0, P) of `kept` into `rows` (both T x cols or more; P may be 0).
void copyPrefix(Matrix& rows, const Matrix* kept, Eigen::Index P)
{
    if (P > 0)
        rows.topRows(P) = kept->topRows(P);
}

// One block's attention for the rows [P, T): x (R x d); `layer` holds the previous forward's
// rows < P (or nothing when P = 0) and gets every tensor of rows [P, T); x += the attention
// output of those rows. qkv = norm1(x)·W_attn [+ b] (R x (qd + 2·kvd)): queries | keys |
// values, qd = n_head · hd, kvd = n_kv_head · hd (q/k norms applied: blockQkv); keys and
// values are kept once per key/value head (Trace::kvHeads), query head h reading key/value
// head h / (n_head / n_kv_head). With rotary positions queries and keys are kept as projected
// and as rotated (queriesRope, keysRope), which the scores use. Every tensor is allocated
// here, on the calling thread (the heap it comes from keeps its pages), and filled in the
// parallel loops, which also copy the kept rows: with a token taken off or put back the
// copies are most of the work.
void attention(const TransformerConfig& c, const TransformerLayerParams& p,
               const RopeRotation& rotation, const Trace* kept, Trace& layer, Eigen::Index P,
               Matrix& x)
{
    const Eigen::Index T = layer.inputs.rows();
    const Eigen::Index R = T - P;
    const int hd = c.headDim();
    const int kvHeads = c.kvHeads();
    const Eigen::Index qd = c.attentionWidth();
    const Eigen::Index kvd = Eigen::Index(kvHeads) * hd;
    const bool rope = c.rope.on;
    const Matrix qkv = blockQkv(c, p, layer.inputs.bottomRows(R));
    Matrix rotated; // queries and keys as the scores use them (rotary models)
    if (rope) {
        rotated = qkv;
        rotateQueriesKeys(c, rotation, P, rotated);
    }
    layer.heads.resize(std::size_t(c.nHead));
    for (HeadTrace& head : layer.heads) {
        for (Matrix* m : {&head.queries, &head.contextVec})
            m->resize(T, hd);
        if (rope)
            head.queriesRope.resize(T, hd);
    }
    layer.kvHeads.resize(std::size_t(kvHeads));
    for (KeyValueHead& kv : layer.kvHeads) {
        for (Matrix* m : {&kv.keys, &kv.values})
            m->resize(T, hd);
        if (rope)
            kv.keysRope.resize(T, hd);
    }
    layer.contextVecHeads.resize(T, qd);
    HeadOptions options;
    options.arithmetic = layer.arithmetic;
    options.causal = true;
    options.window = c.window;
    options.scoreDivisor = layer.scoreDivisor;
    // The two masking methods are not compared here: that needs the hidden keys' scores and
    // a second softmax (a fifth of a SmolLM-shaped forward); the causal page and the dump
    // derive the comparison of the head they show (maskMethodsMaxDiff(trace, head)).
    // attendHead recomputes the whole row block holding row P (CausalBlockRows), so even one
    // new row is a block's work per head: heads in parallel whenever there is a block.
    [[maybe_unused]] const Eigen::Index recomputed = T - P / CausalBlockRows * CausalBlockRows;
    // With R = 0 qkv has no rows, nor data: a block of it would offset a null pointer.
    ParallelFailure failure; // the kernel's scratch is allocated in the workers
    // Heads in parallel; the GEMMs inside each run on one thread (Eigen does not nest).
#pragma omp parallel if (c.nHead > 1 && recomputed * T >= 4096)
    {
#pragma omp for
        for (int g = 0; g < kvHeads; ++g)
            failure.run([&] {
                KeyValueHead& kv = layer.kvHeads[std::size_t(g)];
                const KeyValueHead* old = kept ? &kept->kvHeads[std::size_t(g)] : nullptr;
                copyPrefix(kv.keys, old ? &old->keys : nullptr, P);
                copyPrefix(kv.values, old ? &old->values : nullptr, P);
                if (rope)
                    copyPrefix(kv.keysRope, old ? &old->keysRope : nullptr, P);
                if (R > 0) {
                    kv.keys.bottomRows(R) = qkv.middleCols(qd + g * hd, hd);
                    kv.values.bottomRows(R) = qkv.middleCols(qd + kvd + g * hd, hd);
                    if (rope)
                        kv.keysRope.bottomRows(R) = rotated.middleCols(qd + g * hd, hd);
                }
            });
#pragma omp for schedule(dynamic)
        for (int h = 0; h < c.nHead; ++h)
            failure.run([&] {
                HeadTrace& head = layer.heads[std::size_t(h)];
                const HeadTrace* old = kept ? &kept->heads[std::size_t(h)] : nullptr;
                copyPrefix(head.queries, old ? &old->queries : nullptr, P);
                copyPrefix(head.contextVec, old ? &old->contextVec : nullptr, P);
                if (rope)
                    copyPrefix(head.queriesRope, old ? &old->queriesRope : nullptr, P);
                if (R > 0) {
                    head.queries.bottomRows(R) = qkv.middleCols(h * hd, hd);
                    if (rope)
                        head.queriesRope.bottomRows(R) = rotated.middleCols(h * hd, hd);
                }
                const KeyValueHead& kv = layer.kvHeads[std::size_t(layer.kvHeadOf(h))];
                attendHead(rope ? head.queriesRope : head.queries, rope ? kv.keysRope : kv.keys,
                           kv.values, options, head, P);
                layer.contextVecHeads.middleCols(h * hd, hd) = head.contextVec;
            });
    }
    failure.rethrow();
    keepPrefix(layer.contextVec, kept ? &kept->contextVec : nullptr, T, c.nEmbd, P);
    layer.contextVec.bottomRows(R) =
        conv1d(layer.contextVecHeads.bottomRows(R), p.attnProjWeight, p.attnProjBias);
    x += layer.contextVec.bottomRows(R);
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

} // namespace

std::shared_ptr<const ModelTrace> transformerForward(std::shared_ptr<const TransformerModel> model,
                                                     const std::vector<std::int64_t>& ids,
                                                     const ModelTrace* previous,
                                                     const ForwardLabels& labels)
{
    const TransformerConfig& c = model->config();
    const TransformerParams& p = model->params();
    const auto T = static_cast<Eigen::Index>(ids.size());
    checkIds(c, ids);
    const Eigen::Index P = reusablePrefix(*model, ids, previous);
    const Eigen::Index R = T - P; // the rows computed here
    const Eigen::Index d = c.nEmbd;
    auto trace = std::make_shared<ModelTrace>();
    trace->tokenIds = ids;
    trace->reusedRows = P;
    trace->residuals.resize(std::size_t(c.nLayer) + 1);

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

    // x (R x d): the residual stream of the rows [P, T).
    Matrix x(R, d);
    for (Eigen::Index t = P; t < T; ++t) {
        p.wte.rowsInto(ids[std::size_t(t)], x.row(t - P));
        if (!p.wpe.empty())
            x.row(t - P) += p.wpe.matrix().row(t);
    }
    const RopeRotation rotation = modelRotation(c, T);

    for (int l = 0; l < c.nLayer; ++l) {
        const auto converted = model->layer(l); // held for the block
        const TransformerLayerParams& lp = *converted;
        const Trace* kept = P > 0 ? previous->layers[std::size_t(l)].get() : nullptr;
        Matrix& residual = trace->residuals[std::size_t(l)];
        keepPrefix(residual, P > 0 ? &previous->residuals[std::size_t(l)] : nullptr, T, d, P);
        residual.bottomRows(R) = x;
        auto layer = std::make_shared<Trace>(label);
        layer->parametersSource = TransformerModel::layerParams(model, l);
        keepPrefix(layer->inputs, kept ? &kept->inputs : nullptr, T, d, P);
        // With R = 0 (a token taken off the end) this only copies the kept rows.
        normRows(c, x, lp.ln1Weight, lp.ln1Bias, layer->inputs.bottomRows(R));
        attention(c, lp, rotation, kept, *layer, P, x);
        trace->layers.push_back(std::move(layer));
        addFeedForward(c, lp, x); // nothing for attention-only blocks or R = 0
    }
    Matrix& last = trace->residuals.back();
    keepPrefix(last, P > 0 ? &previous->residuals.back() : nullptr, T, d, P);
    if (R > 0)
        last.bottomRows(R) = x;

    if (T > 0) {
        trace->lastLogits = finalLogits(*model, last.bottomRows(1)); // (1 x V)
        trace->nextTokens = topNextTokens(trace->lastLogits, 10);
    }
    trace->model = std::move(model);
    return trace;
}

} // namespace ae
