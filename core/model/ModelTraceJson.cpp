#include "ModelTraceJson.h"

#include "Gpt2Encoding.h"

#include "Gpt2Tokens.h"
#include "JsonWriter.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "TransformerModel.h"

namespace ae {

namespace {

void integerField(JsonWriter& w, std::string_view key, std::int64_t value)
{
    w.key(key);
    w.value(value);
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
    w.value(std::string_view(model.config().dtype));
    w.endObject();
}

void writeLayers(JsonWriter& w, const ModelTrace& trace)
{
    w.key("layers");
    w.beginArray();
    for (int l = 0; l < int(trace.layers.size()); ++l) {
        w.beginObject();
        w.key("heads");
        w.beginArray();
        for (int h = 0; h < trace.headCount(); ++h) {
            w.beginObject();
            w.key("queries");
            w.matrix(trace.headQueries(l, h));
            w.key("keys");
            w.matrix(trace.headKeys(l, h));
            w.key("values");
            w.matrix(trace.headValues(l, h));
            w.key("attn_weights");
            w.matrix(*layerAttnWeights(trace, l, h));
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
}

void writeRun(JsonWriter& w, const ModelRun& run)
{
    const ModelTrace& trace = *run.trace;
    w.beginObject();
    w.key("format");
    w.value(std::string_view("attention-explorer-dump"));
    w.key("version");
    w.value(std::int64_t{1});
    w.key("tokens");
    w.strings(run.tokens);
    w.key("token_ids");
    w.integers(trace.tokenIds);
    writeModel(w, *trace.model);
    writeLayers(w, trace);
    w.key("next_token");
    w.beginArray();
    for (const NextToken& next : trace.nextTokens) {
        w.beginObject();
        integerField(w, "id", next.id);
        w.key("token");
        w.value(std::string_view(gpt2TokenText(next.id)));
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
    w.endObject();
}

} // namespace

std::string modelRunToJson(const ModelRun& run)
{
    JsonWriter w;
    writeRun(w, run);
    return w.take();
}

bool writeModelRunJson(const ModelRun& run, QIODevice& device)
{
    JsonWriter w(&device);
    writeRun(w, run);
    return w.finish();
}

} // namespace ae
