#pragma once

#include "Arithmetic.h"
#include "AttentionParams.h"
#include "BlockReducer.h"
#include "DerivedTensorCache.h"
#include "Matrix.h"
#include "Session.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ae {

struct EmbeddingTables; // Embedding.h
struct FlashTrace;      // FlashAttention.h
class Tokenizer;

// One attention head's tensors (spec §6 names in comments). T = query tokens,
// S = key/value tokens (T for self-attention), dk/dv = this head's key/value size.
// No T x S tensor is stored but the dropout keep mask (a random draw, not a function of the
// rest): attn_scores, attn_weights and attn_weights_dropped are derived from queries and keys
// when a view or an exporter asks, with the forward's own arithmetic (HeadTensors.h), and so
// are the cheaper functions of those (scaled and masked scores, the other mask method's
// weights: TraceDerived.h).
// keys and values: this head's own, or empty when the trace keeps them once per key/value
// head (Trace::kvHeads); read them through headKeys() / headValues() (HeadTensors.h).
// With RoPE (session key rope) queries and keys are the projections and queriesRope and
// keysRope the rotated ones, which the scores use: headQueries() / headKeys() give those.
struct HeadTrace
{
    Matrix queries;     // queries (T x dk): the projection
    Matrix keys;        // keys (S x dk); empty with Trace::kvHeads
    Matrix values;      // values (S x dv); empty with Trace::kvHeads
    Matrix queriesRope; // queries_rope (T x dk): only with RoPE
    Matrix keysRope;    // keys_rope (S x dk): only with RoPE, and not with kvHeads
    Matrix dropoutMask; // dropout_mask (T x S), 1 = kept: only when dropout acts
    Matrix contextVec;  // context_vec (T x dv)
    // causal: max |neg-inf weights - renormalized weights|, when the forward compared them
    // (the seed module); a model's forward leaves it empty and maskMethodsMaxDiff(trace, head)
    // (TraceDerived.h) derives it when a page or the dump asks.
    std::optional<float> maskMethodsMaxDiff;
    // attn_weights reduced by blocks by the forward, while each block of rows was in cache,
    // when its caller asked (Forward.h: WeightsReduction; the pages ask for long texts):
    // values and per-row fractions, the very reduction a view would derive; else null.
    std::shared_ptr<const BlockReducer::Result> reducedWeights;
    // kernel "flash": the tiles FlashAttention-2 went through (contextVec is its result) and
    // max |its context - the standard kernel's|; null with the standard kernel.
    std::shared_ptr<const FlashTrace> flash;
    float flashMaxDiff = 0;
};

// The keys and values of one key/value head, which grouped query heads share (a model with
// fewer key/value heads than query heads; GPT-2 and the book have as many).
struct KeyValueHead
{
    Matrix keys;     // keys (S x dk): the projection, or for a model whatever its scores used
    Matrix values;   // values (S x dv)
    Matrix keysRope; // keys_rope (S x dk): rotated by RoPE, which the scores then use; or empty
};

// Where a model's layer finds its attention parameters: converted out of the checkpoint on
// first use and kept by the model (a trace that is never shown costs no copy of 4·d² floats).
class AttentionParamsSource
{
public:
    virtual ~AttentionParamsSource() = default;
    virtual const AttentionParams& attentionParams() const = 0;
};

struct StageTimings
{
    double embeddingMs = 0;
    double initMs = 0;
    double forwardMs = 0;
    double completeMs = 0; // completeTrace(): nothing left since the forward compares the masks
    bool projectionsReused = false; // the engine's memoised Q/K/V projections were used
};

// Everything one computation produced, immutable once built: the views render it,
// the exporters write it. Shared between threads as std::shared_ptr<const Trace>.
struct Trace
{
    Session session;

    std::vector<std::string> vocabulary;
    std::vector<std::string> tokens, sourceTokens; // sourceTokens: cross-attention only
    std::vector<std::int64_t> tokenIds, sourceTokenIds;
    // A model's own tokenizer (its tokenizer.json), which read `tokens`; null when the
    // session's registered tokenizer did (traceTokenizer(), TraceTokens.h).
    std::shared_ptr<const Tokenizer> ownTokenizer;

    Matrix inputs;       // inputs (T x d_in): token embeddings + positional embeddings
    Matrix sourceInputs; // source_inputs (S x d_in): cross-attention only
    // Only with positional embeddings (else inputs are the token embeddings themselves):
    Matrix tokenEmbeddings,
        sourceTokenEmbeddings;   // token_embeddings (T x d_in), source_token_embeddings
    Matrix positionalEmbeddings; // positional_embeddings (max(T, S) x d_in): rows 0, 1, ...
    // The engine's memoised tables the torch embedding and learned positions were taken from
    // (null for manual embeddings with fixed positions): two traces with the same tables, the
    // same tokens and the same positional scheme have the same inputs, which a view can then
    // tell without comparing T x d_in numbers.
    std::shared_ptr<const EmbeddingTables> embeddingTables;

    // The module's parameters (W_query, W_key, W_value, biases, out_proj), shared with the
    // engine's cache rather than copied; null for simplified attention. Read them through params().
    std::shared_ptr<const AttentionParams> parameters;
    // A model's layer: the parameters, converted when first asked for (parameters is null).
    std::shared_ptr<const AttentionParamsSource> parametersSource;
    // context_vec_heads (T x d_out): the seed module's multihead, before out_proj; empty in a
    // model's layer, whose heads keep the same floats (read it through headsConcatenated()).
    Matrix contextVecHeads;
    Matrix contextVec; // context_vec: the module's output

    std::vector<HeadTrace> heads;
    // Keys and values once per key/value head, query head h reading kvHeads[kvHeadOf(h)] (its
    // HeadTrace keeps none): a model's layer, and the seed module with fewer key/value heads
    // than heads (num_kv_heads); else empty, the heads keeping their own.
    std::vector<KeyValueHead> kvHeads;
    int headDimKq = 0; // d_k of each head (0 for simplified)
    int headDimV = 0;
    Arithmetic arithmetic = Arithmetic::TorchOrder; // which path computed it (see Arithmetic.h)
    float scoreDivisor = 1; // scores are divided by this before softmax: sqrt(dk), 1 for simplified
    StageTimings timings;

    // The parameters, or an empty set (every matrix 0 x 0) for simplified attention.
    const AttentionParams& params() const
    {
        static const AttentionParams none;
        if (parameters)
            return *parameters;
        return parametersSource ? parametersSource->attentionParams() : none;
    }
    const Matrix& keySource() const { return session.isCross() ? sourceInputs : inputs; }
    const std::vector<std::string>& keyTokens() const
    {
        return session.isCross() ? sourceTokens : tokens;
    }
    // The key/value head query head `head` reads: head / (heads / kvHeads), or `head` itself
    // when the heads keep their own.
    int kvHeadOf(int head) const
    {
        if (kvHeads.empty())
            return head;
        return head / int(std::max<std::size_t>(1, heads.size() / kvHeads.size()));
    }
    Eigen::Index queryCount() const { return inputs.rows(); }
    Eigen::Index keyCount() const { return keySource().rows(); }
    // The largest of the heads' maskMethodsMaxDiff, each derived if the forward did not
    // compare (a model layer at 1,024 tokens: tens of ms).
    float maskMethodsMaxDiff() const;
    // Bytes of the tensors the trace stores (not counting the shared parameters): what
    // the memory guard's estimate must cover.
    std::int64_t storedBytes() const;

    // Derived T x S tensors that a view or an exporter still holds (HeadTensors.h); a copy of
    // the trace starts with an empty cache.
    mutable DerivedTensorCache derived;
};

} // namespace ae
