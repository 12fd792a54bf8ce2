#include "ModelRun.h"

#include "Limits.h"
#include "MessageText.h"
#include "ModelMemory.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "Session.h"
#include "SessionValidator.h"
#include "Trace.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QCoreApplication>
#include <QDir>

#include <chrono>
#include <mutex>

namespace ae {

namespace {

// The context of this file's messages (lupdate files a free tr() under the namespace).
struct Gpt2Session
{
    Q_DECLARE_TR_FUNCTIONS(Gpt2Session)
};

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

} // namespace

struct ModelEngine::Cache
{
    std::mutex mutex;
    std::string path;
    std::shared_ptr<const TransformerModel> model;
};

std::shared_ptr<const ModelRun> seedModuleRun(std::shared_ptr<const Trace> trace)
{
    auto modelTrace = std::make_shared<ModelTrace>();
    modelTrace->tokenIds = trace->tokenIds;
    auto run = std::make_shared<ModelRun>();
    run->tokens = trace->tokens;
    run->forwardMs = trace->timings.embeddingMs + trace->timings.initMs + trace->timings.forwardMs +
                     trace->timings.completeMs;
    modelTrace->layers.push_back(std::move(trace));
    run->trace = std::move(modelTrace);
    return run;
}

ModelEngine::ModelEngine() : m_cache(std::make_unique<Cache>()) {}

ModelEngine::~ModelEngine() = default;

std::shared_ptr<const TransformerModel>
ModelEngine::model(const std::string& path, ModelRunResult& failure, double* loadMs) const
{
    std::lock_guard lock(m_cache->mutex);
    if (m_cache->model && m_cache->path == path)
        return m_cache->model;
    const auto start = std::chrono::steady_clock::now();
    ModelLoadResult loaded = loadModel(QString::fromStdString(path));
    if (loadMs)
        *loadMs = millisecondsSince(start);
    if (!loaded.model) {
        failure.issue = SessionIssue{"model", loaded.error};
        failure.ioError = loaded.ioError;
        failure.overMemoryLimit = loaded.overMemoryLimit;
        return nullptr;
    }
    m_cache->path = path;
    m_cache->model = loaded.model;
    return loaded.model;
}

ModelRunResult ModelEngine::compute(const Session& session, const ModelTrace* previous,
                                    WeightsReductionPolicy overview) const
{
    ModelRunResult result;
    ModelRun run;
    const auto model = this->model(session.model, result, &run.loadMs);
    if (!model)
        return result;
    const TransformerConfig& c = model->config();
    if (c.tokenizer == "tokenizer.json" && !c.ownTokenizer) {
        result.issue = SessionIssue{
            "sentence",
            Gpt2Session::tr("%1 is missing: the model's text cannot be read into its tokens "
                            "without it (download it from the model's page)")
                .arg(QDir(QString::fromStdString(model->path()))
                         .filePath(QStringLiteral("tokenizer.json")))};
        return result;
    }

    ModelTokens tokens = modelTokens(*model, session.sentence);
    if (tokens.ids.empty()) {
        result.issue = SessionIssue{
            "sentence", Gpt2Session::tr("sentence is empty: type at least one character")};
        return result;
    }
    if (tokens.ids.size() > std::size_t(c.nCtx) && session.truncate) {
        // As a tokenizer's truncation does: the first n_ctx tokens, whole.
        tokens.ids.resize(std::size_t(c.nCtx));
        tokens.tokens.resize(std::size_t(c.nCtx));
    }
    if (tokens.ids.size() > std::size_t(c.nCtx)) {
        result.issue = SessionIssue{
            "sentence",
            Gpt2Session::tr("sentence has %1 tokens but the model reads at most %3 = %2: "
                            "shorten it, or keep its first %2 tokens (--truncate, or "
                            "\"truncate\": true in the session)")
                .arg(tokens.ids.size())
                .arg(c.nCtx)
                .arg(QString::fromStdString(c.contextKey)),
            c.nCtx};
        return result;
    }
    for (std::size_t i = 0; i < tokens.ids.size(); ++i)
        if (tokens.ids[i] < 0) {
            result.issue = SessionIssue{
                "sentence",
                c.tokenizer == "ids"
                    ? Gpt2Session::tr("token %1 of sentence, %2, is not an id: this model "
                                      "reads its ids written out, 0 to %3, separated by spaces")
                          .arg(i + 1)
                          .arg(quotedForMessage(QString::fromStdString(tokens.tokens[i])))
                          .arg(c.vocabSize - 1)
                    : Gpt2Session::tr("character %1 of sentence, %2, is not in the model's "
                                      "vocabulary (the %3 characters of the text it was trained "
                                      "on)")
                          .arg(i + 1)
                          .arg(quotedForMessage(QString::fromStdString(tokens.tokens[i])))
                          .arg(c.vocabulary.size())};
            return result;
        }
    for (std::size_t i = 0; i < tokens.ids.size(); ++i)
        if (tokens.ids[i] >= c.vocabSize) {
            result.issue = SessionIssue{
                "sentence", Gpt2Session::tr("token %1 of sentence has id %2, beyond the model's "
                                            "vocabulary of %3 tokens")
                                .arg(i + 1)
                                .arg(tokens.ids[i])
                                .arg(c.vocabSize)};
            return result;
        }

    const ModelRunBytes bytes = estimateModelRunBytes(*model, std::int64_t(tokens.ids.size()),
                                                      session.sentence.size(), previous ? 2 : 1);
    if (bytes.process > double(limits::MaxProcessBytes)) {
        const auto [need, limit] = memoryTexts(bytes.process, double(limits::MaxProcessBytes));
        result.issue = SessionIssue{
            "sentence",
            Gpt2Session::tr("this run would need %1 of memory (T=%2, %3 layers of %4 heads, "
                            "n_embd %5) besides the %6 of weights read from the checkpoint's "
                            "file; the limit is %7: shorten the sentence")
                .arg(need)
                .arg(tokens.ids.size())
                .arg(c.nLayer)
                .arg(c.nHead)
                .arg(c.nEmbd)
                .arg(memoryText(bytes.mapped))
                .arg(limit)};
        result.overMemoryLimit = true;
        return result;
    }

    const auto start = std::chrono::steady_clock::now();
    run.trace = transformerForward(model, tokens.ids, previous, {tokens.tokens, session}, overview);
    run.forwardMs = millisecondsSince(start);
    run.tokens = std::move(tokens.tokens);
    result.run = std::move(run);
    return result;
}

} // namespace ae
