#include "HeadsJson.h"

#include "Ablation.h"
#include "Generation.h"
#include "Gpt2Encoding.h"
#include "HeadDetectors.h"
#include "JsonWriter.h"
#include "ModelRegistry.h"
#include "TransformerModel.h"

namespace ae {

namespace {

std::string tokenText(const TransformerModel& model, std::int64_t id)
{
    return utf8Lossy(modelTokenBytes(model, id));
}

void writeTokens(JsonWriter& w, const TransformerModel& model, const std::vector<std::int64_t>& ids)
{
    w.key("token_ids");
    w.integers(ids);
    std::vector<std::string> tokens;
    for (const std::int64_t id : ids)
        tokens.push_back(tokenText(model, id));
    w.key("tokens");
    w.strings(tokens);
}

void writeNextTokens(JsonWriter& w, const TransformerModel& model,
                     const std::vector<NextToken>& next)
{
    w.key("next_token");
    w.beginArray();
    for (const NextToken& token : next) {
        w.beginObject();
        w.key("id");
        w.value(token.id);
        w.key("token");
        w.value(std::string_view(tokenText(model, token.id)));
        w.key("prob");
        w.value(token.prob);
        w.endObject();
    }
    w.endArray();
}

void writeGrid(JsonWriter& w, const HeadDetection& d, HeadPattern pattern, bool mul)
{
    w.beginArray();
    for (int l = 0; l < d.layers; ++l) {
        w.beginArray();
        for (int h = 0; h < d.heads; ++h) {
            const HeadScore& s = d.at(pattern, l, h);
            w.value(mul ? s.mul : s.abs);
        }
        w.endArray();
    }
    w.endArray();
}

void writeProbe(JsonWriter& w, const std::optional<ProbeSpec>& probe)
{
    if (!probe)
        return;
    w.key("probe");
    w.beginObject();
    w.key("kind");
    w.value(std::string_view("induction"));
    w.key("seed");
    w.value(std::int64_t(probe->seed));
    w.key("length");
    w.value(std::int64_t(probe->length));
    w.key("bos");
    if (probe->bos)
        w.value(*probe->bos);
    else
        w.null();
    w.endObject();
}

} // namespace

void writeDetectionJson(JsonWriter& w, const TransformerModel& model,
                        const HeadDetection& detection, const std::optional<ProbeSpec>& probe)
{
    w.beginObject();
    writeTokens(w, model, detection.tokenIds);
    writeProbe(w, probe);
    w.key("options");
    w.beginObject();
    w.key("exclude_bos");
    w.value(detection.options.excludeBos);
    w.key("exclude_current_token");
    w.value(detection.options.excludeCurrentToken);
    w.endObject();
    w.key("scores");
    w.beginObject();
    for (const HeadPattern pattern : AllHeadPatterns) {
        w.key(headPatternKey(pattern));
        w.beginObject();
        w.key("mul");
        writeGrid(w, detection, pattern, true);
        w.key("abs");
        writeGrid(w, detection, pattern, false);
        w.endObject();
    }
    w.endObject();
    w.endObject();
}

void writeAblationJson(JsonWriter& w, const TransformerModel& model,
                       const std::vector<std::int64_t>& ids, const AblationGrid& grid,
                       const std::optional<ProbeSpec>& probe)
{
    w.beginObject();
    writeTokens(w, model, ids);
    writeProbe(w, probe);
    w.key("kind");
    w.value(ablationKindKey(grid.kind));
    w.key("base");
    w.beginObject();
    w.key("loss");
    w.value(grid.base.loss);
    writeNextTokens(w, model, grid.base.nextTokens);
    w.endObject();
    w.key("ablations");
    w.beginArray();
    for (int l = 0; l < grid.layers; ++l) {
        w.beginArray();
        for (int h = 0; h < grid.heads; ++h) {
            const AblationResult& r = grid.at(l, h);
            w.beginObject();
            w.key("loss");
            w.value(r.prediction.loss);
            w.key("kl");
            w.value(r.kl);
            writeNextTokens(w, model, r.prediction.nextTokens);
            w.endObject();
        }
        w.endArray();
    }
    w.endArray();
    w.endObject();
}

void writeGenerationJson(JsonWriter& w, const TransformerModel& model, const Generation& generation,
                         const GenerateOptions& options)
{
    w.beginObject();
    w.key("ids");
    w.integers(generation.ids);
    std::string bytes;
    for (const std::int64_t id : generation.ids)
        bytes += modelTokenBytes(model, id);
    w.key("text");
    w.value(std::string_view(utf8Lossy(bytes)));
    w.key("prompt_tokens");
    w.value(std::int64_t(generation.promptTokens));
    w.key("max_new_tokens");
    w.value(std::int64_t(options.maxNewTokens));
    w.key("temperature");
    w.value(options.temperature);
    w.key("top_k");
    w.value(std::int64_t(options.topK));
    w.key("seed");
    w.value(std::int64_t(options.seed));
    w.key("stop");
    w.value(generationStopKey(generation.stop));
    w.key("cache_bytes");
    w.value(generation.cacheBytes);
    w.key("steps");
    w.beginArray();
    for (const GenerationStep& step : generation.steps) {
        w.beginObject();
        w.key("id");
        w.value(step.id);
        w.key("token");
        w.value(std::string_view(tokenText(model, step.id)));
        writeNextTokens(w, model, step.nextTokens);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

} // namespace ae
