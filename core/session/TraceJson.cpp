#include "TraceJson.h"

#include "HeadTensors.h"
#include "JsonWriter.h"
#include "SessionEnums.h"
#include "Trace.h"
#include "TraceDerived.h"

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

void writeHead(JsonWriter& w, const Trace& trace, int index)
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
    // A model's layer keeps keys and values per key/value head (simplified attention has none).
    const bool grouped = !trace.kvHeads.empty();
    matrixIfAny(w, "keys", grouped ? headKeys(trace, index) : head.keys);
    matrixIfAny(w, "values", grouped ? headValues(trace, index) : head.values);
    // The T x S tensors are derived here one at a time (HeadTensors.h) and let go once written.
    {
        const auto scores = headTensor(trace, index, HeadTensor::Scores);
        matrixIfAny(w, "attn_scores", *scores);
        matrixIfAny(w, "scaled_scores", scaledScores(trace, index));
        if (trace.session.causal) {
            matrixIfAny(w, "mask", causalMask(trace.queryCount(), trace.keyCount()));
            if (trace.session.maskMethod == MaskMethod::NegInf)
                matrixIfAny(w, "masked_scores", maskedScores(trace, index));
            w.key("mask_methods_max_abs_diff");
            w.value(head.maskMethodsMaxDiff);
        }
    }
    matrixIfAny(w, "attn_weights", *headTensor(trace, index, HeadTensor::Weights));
    matrixIfAny(w, "dropout_mask", head.dropoutMask);
    matrixIfAny(w, "attn_weights_dropped", *headTensor(trace, index, HeadTensor::WeightsDropped));
    matrixIfAny(w, "context_vec", head.contextVec);
    w.endObject();
}

void writeShape(JsonWriter& w, std::string_view name, Eigen::Index rows, Eigen::Index cols)
{
    w.key(name);
    w.beginArray();
    w.value(static_cast<std::int64_t>(rows));
    w.value(static_cast<std::int64_t>(cols));
    w.endArray();
}

void writeTrace(JsonWriter& w, const Trace& trace)
{
    const bool cross = trace.session.isCross();
    w.beginObject();
    w.key("format");
    w.value(std::string_view("attention-explorer-dump"));
    w.key("version");
    w.value(std::int64_t{1});
    w.key("variant");
    w.value(toKey(trace.session.variant));
    w.key("tokens");
    w.strings(trace.tokens);
    w.key("token_ids");
    w.integers(trace.tokenIds);
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

    if (trace.session.causal) {
        w.key("mask_methods_max_abs_diff");
        w.value(trace.maskMethodsMaxDiff());
    }

    w.key("heads");
    w.beginArray();
    for (int h = 0; h < int(trace.heads.size()); ++h)
        writeHead(w, trace, h);
    w.endArray();
    w.endObject();
}

} // namespace

std::string traceToJson(const Trace& trace)
{
    JsonWriter w;
    writeTrace(w, trace);
    return w.take();
}

bool writeTraceJson(const Trace& trace, QIODevice& device)
{
    JsonWriter w(&device);
    writeTrace(w, trace);
    return w.finish();
}

} // namespace ae
