#pragma once

#include "Matrix.h"
#include "ModelTrace.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ae {

class TransformerModel;

// The book's chapter 5 `generate` (heads.md §3), computed with a key/value cache (KvCache.h):
// for each new token the logits of the last position; with topK > 0 the logits below the k-th
// largest become -inf; with temperature > 0 probs = softmax(logits / temperature) and the
// token is torch.multinomial(probs, 1) after torch.manual_seed(seed) once before the first
// token; with temperature 0 the argmax (the first of equal logits).
struct GenerateOptions
{
    int maxNewTokens = 1;
    float temperature = 0;
    int topK = 0; // 0: no top-k
    std::uint64_t seed = 123;
    std::optional<std::int64_t> stopId; // <|endoftext|> when asked to stop there
    bool keepAttention = false;         // each step's attention rows (GenerationStep)
};

struct GenerationStep
{
    std::int64_t id = 0;
    // The 10 most probable of the distribution the token was drawn from: softmax of the
    // top-k'd logits, divided by the temperature when it is above 0.
    std::vector<NextToken> nextTokens;
    // With keepAttention: per block the weights (n_head x tokens) of the last token (the one
    // whose logits gave this draw) over every token before it and itself.
    std::vector<Matrix> attention;
    // The draw, then the cached forward of the drawn token that gives the next draw's logits
    // (none after the last draw).
    double ms = 0;
};

enum class GenerationStop
{
    MaxNewTokens,
    StopToken,     // stopId was drawn: it is a step but, as in the book, not appended to ids
    ContextLength, // ids reached n_ctx
    Cancelled
};
std::string_view generationStopKey(GenerationStop stop); // "max_new_tokens", ...

struct Generation
{
    std::vector<std::int64_t> ids; // the prompt and the generated tokens
    Eigen::Index promptTokens = 0;
    std::vector<GenerationStep> steps;
    GenerationStop stop = GenerationStop::MaxNewTokens;
    std::int64_t cacheBytes = 0; // the key/value cache at the end
    double promptMs = 0;         // the prompt's forward
};

// Generates from `prompt` (1 to n_ctx ids below vocab_size; the caller checks, and that
// maxNewTokens > 0, temperature >= 0, 0 <= topK <= vocab_size). `onStep` sees each step as it
// is made; returning false cancels (stop Cancelled, the steps so far kept).
Generation generate(const std::shared_ptr<const TransformerModel>& model,
                    const std::vector<std::int64_t>& prompt, const GenerateOptions& options,
                    const std::function<bool(const GenerationStep&)>& onStep = {});
// The same from a forward of the prompt that is at hand (a page's trace): its keys and values
// fill the cache (read in place: the cache keeps the trace), its last logits give the first draw.
Generation generate(const std::shared_ptr<const ModelTrace>& promptForward,
                    const GenerateOptions& options,
                    const std::function<bool(const GenerationStep&)>& onStep = {});

// One draw of the book's generate from a position's logits (V), as generate() makes it;
// `generator` is torch's default generator after manual_seed (consumed only when temperature
// > 0). Fills the distribution's top 10.
class TorchGenerator;
std::int64_t drawNextToken(const RowVector& logits, const GenerateOptions& options,
                           TorchGenerator& generator, std::vector<NextToken>& top);

} // namespace ae
