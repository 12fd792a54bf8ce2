#include "RunJson.h"

#include "FlashJson.h"
#include "Gpt2Encoding.h"
#include "HeadTensors.h"
#include "JsonWriter.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "SessionEnums.h"
#include "Trace.h"
#include "TraceDerived.h"
#include "TransformerModel.h"
#include "Utf8.h"

namespace ae {

namespace {

void matrixIfAny(JsonWriter& w, std::string_view name, const Matrix& m)
{
    if (m.size() == 0)
        return;
    w.key(name);
    w.matrix(m);
}

void vectorIfAny(JsonWriter& w, std::string_view name, const RowVector& v)
{
    if (v.size() == 0)
        return;
    w.key(name);
    w.vector(v);
}

void integerField(JsonWriter& w, std::string_view key, std::int64_t value)
{
    w.key(key);
    w.value(value);
}

void writeShape(JsonWriter& w, std::string_view name, Eigen::Index rows, Eigen::Index cols)
{
    w.key(name);
    w.beginArray();
    w.value(static_cast<std::int64_t>(rows));
    w.value(static_cast<std::int64_t>(cols));
    w.endArray();
}

// The seed module's fields (reference-semantics.md §6).

void writeSeedHead(JsonWriter& w, const Trace& trace, int index)
{
    const HeadTrace& head = trace.heads[std::size_t(index)];
    const HeadProjection projection = headProjection(trace, index);
    w.beginObject();
    matrixIfAny(w, "W_query", projection.wQuery);
    matrixIfAny(w, "W_key", projection.wKey);
    matrixIfAny(w, "W_value", projection.wValue);
    vectorIfAny(w, "b_query", projection.bQuery);
    vectorIfAny(w, "b_key", projection.bKey);
    vectorIfAny(w, "b_value", projection.bValue);
    matrixIfAny(w, "queries", head.queries);
    // Grouped heads (a model's layer, num_kv_heads) keep keys and values per key/value head;
    // simplified attention has none.
    const bool grouped = !trace.kvHeads.empty();
    matrixIfAny(w, "keys", grouped ? headProjectedKeys(trace, index) : head.keys);
    matrixIfAny(w, "values", grouped ? headValues(trace, index) : head.values);
    if (head.queriesRope.size() > 0) { // RoPE: what the scores use
        matrixIfAny(w, "queries_rope", head.queriesRope);
        matrixIfAny(w, "keys_rope", headKeys(trace, index));
    }
    // The T x S tensors are derived here one at a time (HeadTensors.h) and let go once written.
    {
        const auto scores = headTensor(trace, index, HeadTensor::Scores);
        matrixIfAny(w, "attn_scores", *scores);
        matrixIfAny(w, "scaled_scores", scaledScores(trace, index));
        if (trace.session.masked()) { // causal, a window or both
            matrixIfAny(w, "mask", attentionMask(trace));
            if (trace.session.maskMethod == MaskMethod::NegInf)
                matrixIfAny(w, "masked_scores", maskedScores(trace, index));
            w.key("mask_methods_max_abs_diff");
            w.value(maskMethodsMaxDiff(trace, index));
        }
    }
    matrixIfAny(w, "attn_weights", *headTensor(trace, index, HeadTensor::Weights));
    matrixIfAny(w, "dropout_mask", head.dropoutMask);
    matrixIfAny(w, "attn_weights_dropped", *headTensor(trace, index, HeadTensor::WeightsDropped));
    matrixIfAny(w, "context_vec", head.contextVec);
    if (head.flash) {
        w.key("flash");
        writeFlashJson(w, *head.flash, head.flashMaxDiff);
    }
    w.endObject();
}

// Grouped heads: keys and values once per key/value head (todays-attention.md §2).
void writeKvHeads(JsonWriter& w, const Trace& trace)
{
    if (trace.kvHeads.empty())
        return;
    w.key("kv_heads");
    w.beginArray();
    for (const KeyValueHead& kv : trace.kvHeads) {
        w.beginObject();
        matrixIfAny(w, "keys", kv.keys);
        matrixIfAny(w, "keys_rope", kv.keysRope);
        matrixIfAny(w, "values", kv.values);
        w.endObject();
    }
    w.endArray();
}

void writeSeedFields(JsonWriter& w, const Trace& trace)
{
    const bool cross = trace.session.isCross();
    w.key("vocabulary");
    w.strings(trace.vocabulary);
    if (cross) {
        w.key("source_tokens");
        w.strings(trace.sourceTokens);
        w.key("source_token_ids");
        w.integers(trace.sourceTokenIds);
    }

    w.key("shapes");
    w.beginObject();
    writeShape(w, "inputs", trace.inputs.rows(), trace.inputs.cols());
    if (!trace.heads.empty())
        writeShape(w, "attn_weights", trace.queryCount(), trace.keyCount());
    writeShape(w, "context_vec", trace.contextVec.rows(), trace.contextVec.cols());
    w.key("num_heads");
    w.value(static_cast<std::int64_t>(trace.heads.size()));
    w.endObject();

    w.key("tensors");
    w.beginObject();
    matrixIfAny(w, "token_embeddings", trace.tokenEmbeddings);
    if (cross)
        matrixIfAny(w, "source_token_embeddings", trace.sourceTokenEmbeddings);
    matrixIfAny(w, "positional_embeddings", trace.positionalEmbeddings);
    matrixIfAny(w, "inputs", trace.inputs);
    if (cross)
        matrixIfAny(w, "source_inputs", trace.sourceInputs);
    matrixIfAny(w, "W_query", trace.params().wQuery);
    matrixIfAny(w, "W_key", trace.params().wKey);
    matrixIfAny(w, "W_value", trace.params().wValue);
    vectorIfAny(w, "b_query", trace.params().bQuery);
    vectorIfAny(w, "b_key", trace.params().bKey);
    vectorIfAny(w, "b_value", trace.params().bValue);
    matrixIfAny(w, "out_proj_weight", trace.params().outProjWeight);
    vectorIfAny(w, "out_proj_bias", trace.params().outProjBias);
    matrixIfAny(w, "context_vec_heads", trace.contextVecHeads);
    matrixIfAny(w, "context_vec", trace.contextVec);
    w.endObject();

    if (trace.session.masked()) {
        w.key("mask_methods_max_abs_diff");
        w.value(trace.maskMethodsMaxDiff());
    }
    writeKvHeads(w, trace);

    w.key("heads");
    w.beginArray();
    for (int h = 0; h < int(trace.heads.size()); ++h)
        writeSeedHead(w, trace, h);
    w.endArray();
}

// A checkpoint's fields (gpt2.md §3).

// Llama's family writes n_kv_head, head_dim, model_type and kv_heads (llama.md §4).
bool hasKvHeadFields(const TransformerConfig& c)
{
    return c.family == "llama";
}

void writeModel(JsonWriter& w, const TransformerModel& model)
{
    const TransformerConfig& c = model.config();
    w.key("model");
    w.beginObject();
    integerField(w, "n_layer", c.nLayer);
    integerField(w, "n_head", c.nHead);
    integerField(w, "n_embd", c.nEmbd);
    integerField(w, "n_ctx", c.nCtx);
    integerField(w, "vocab_size", c.vocabSize);
    w.key("dtype");
    w.value(std::string_view(c.dtype));
    if (hasKvHeadFields(c)) {
        integerField(w, "n_kv_head", c.kvHeads());
        integerField(w, "head_dim", c.headDim());
        w.key("model_type");
        w.value(std::string_view(c.modelType));
    }
    w.endObject();
}

void writeLayers(JsonWriter& w, const ModelTrace& trace)
{
    // Llama's family (llama.md §4): keys and values once per key/value head, as the scores
    // and contexts used them (after k-norm and RoPE); GPT-2's schema: with every head.
    const bool kvFields = hasKvHeadFields(trace.model->config());
    w.key("layers");
    w.beginArray();
    for (int l = 0; l < int(trace.layers.size()); ++l) {
        const Trace& layer = *trace.layers[std::size_t(l)];
        w.beginObject();
        w.key("heads");
        w.beginArray();
        for (int h = 0; h < trace.headCount(); ++h) {
            w.beginObject();
            w.key("queries");
            w.matrix(trace.headQueries(l, h));
            if (!kvFields) {
                w.key("keys");
                w.matrix(trace.headKeys(l, h));
                w.key("values");
                w.matrix(trace.headValues(l, h));
            }
            w.key("attn_weights");
            w.matrix(*layerAttnWeights(trace, l, h));
            w.endObject();
        }
        w.endArray();
        if (kvFields) {
            w.key("kv_heads");
            w.beginArray();
            for (const KeyValueHead& kv : layer.kvHeads) {
                w.beginObject();
                w.key("keys");
                w.matrix(kv.keysRope.size() > 0 ? kv.keysRope : kv.keys);
                w.key("values");
                w.matrix(kv.values);
                w.endObject();
            }
            w.endArray();
        }
        w.endObject();
    }
    w.endArray();
}

void writeModelFields(JsonWriter& w, const ModelRun& run)
{
    const ModelTrace& trace = *run.trace;
    writeModel(w, *trace.model);
    writeLayers(w, trace);
    w.key("next_token");
    w.beginArray();
    for (const NextToken& next : trace.nextTokens) {
        w.beginObject();
        integerField(w, "id", next.id);
        w.key("token");
        // GPT-2's token text (gpt2.md §3); a model's own vocabulary's or tokenizer.json's
        // token as written.
        const TransformerConfig& config = trace.model->config();
        w.value(hasOwnVocabulary(config) || config.ownTokenizer
                    ? utf8Lossy(modelTokenBytes(*trace.model, next.id))
                    : std::string(gpt2TokenText(next.id)));
        w.key("prob");
        w.value(next.prob);
        w.endObject();
    }
    w.endArray();
    w.key("timings");
    w.beginObject();
    w.key("load_ms");
    w.value(run.loadMs);
    w.key("forward_ms");
    w.value(run.forwardMs);
    w.endObject();
}

void writeRun(JsonWriter& w, const ModelRun& run)
{
    const ModelTrace& trace = *run.trace;
    const Trace* seed = trace.isSeedModule() ? trace.layers.front().get() : nullptr;
    w.beginObject();
    w.key("format");
    w.value(std::string_view("attention-explorer-dump"));
    w.key("version");
    w.value(std::int64_t{1});
    if (seed) {
        w.key("variant");
        w.value(toKey(seed->session.variant));
    }
    w.key("tokens");
    w.strings(run.tokens);
    w.key("token_ids");
    w.integers(trace.tokenIds);
    if (seed)
        writeSeedFields(w, *seed);
    else
        writeModelFields(w, run);
    w.endObject();
}

} // namespace

bool writeRunJson(const ModelRun& run, QIODevice& device)
{
    JsonWriter w(&device);
    writeRun(w, run);
    return w.finish();
}

std::string runToJson(const ModelRun& run)
{
    JsonWriter w;
    writeRun(w, run);
    return w.take();
}

} // namespace ae
