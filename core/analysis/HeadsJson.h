#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ae {

class JsonWriter;
class TransformerModel;
struct AblationGrid;
struct Generation;
struct GenerateOptions;
struct HeadDetection;

// The JSON of heads.md for --dump-json (and any export of these results), one object each.
// Tokens are written as the dump writes them: the token's bytes decoded as UTF-8, invalid
// sequences replaced by U+FFFD. Floats in the shortest form that reads back as the float32;
// a score NaN (detect_head's 0/0) as "nan".

// {"token_ids", "tokens", ["probe": {"kind": "induction", "seed", "length", "bos"}],
//  "options": {"exclude_bos", "exclude_current_token"},
//  "scores": {kind: {"mul": [[layer][head]], "abs": [[layer][head]]}}}
struct ProbeSpec
{
    std::uint64_t seed = 0;
    int length = 0;
    std::optional<std::int64_t> bos;
};
void writeDetectionJson(JsonWriter& w, const TransformerModel& model,
                        const HeadDetection& detection, const std::optional<ProbeSpec>& probe);

// {"token_ids", "tokens", ["probe"], "kind", "base": {"loss", "next_token"},
//  "ablations": [[layer][head] {"loss", "kl", "next_token"}]}, next_token the top 10
// {"id", "token", "prob"}.
void writeAblationJson(JsonWriter& w, const TransformerModel& model,
                       const std::vector<std::int64_t>& ids, const AblationGrid& grid,
                       const std::optional<ProbeSpec>& probe);

// {"ids", "text", "prompt_tokens", "max_new_tokens", "temperature", "top_k", "seed", "stop",
//  "cache_bytes", "steps": [{"id", "token", "next_token"}]}: ids and text hold the prompt
// and what was appended (a stop token is a step, not appended).
void writeGenerationJson(JsonWriter& w, const TransformerModel& model, const Generation& generation,
                         const GenerateOptions& options);

} // namespace ae
