#include "TraceEngine.h"

#include "ArithmeticChoice.h"
#include "AttentionParams.h"
#include "Embedding.h"
#include "Forward.h"
#include "Session.h"
#include "Trace.h"

#include <algorithm>
#include <chrono>
#include <mutex>

namespace ae {

namespace {

double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

} // namespace

// What the memoised embedding and parameters were made from (outside the anonymous
// namespace: TraceEngine::Cache, a class with linkage, holds them).
struct EmbeddingKey
{
    std::uint64_t seed = 0;
    CpuCapability capability{};
    std::int64_t vocabSize = 0; // 0: no token table (manual embeddings)
    int dIn = 0;
    std::vector<std::int64_t> ids;
    std::int64_t contextLength = 0; // 0: no learned position table
    std::int64_t positions = 0;
    bool operator==(const EmbeddingKey&) const = default;
};

struct ParamsKey
{
    Variant variant{};
    InitScheme init{};
    int dIn = 0, dOutKq = 0, dOutV = 0, numHeads = 0, numKvHeads = 0;
    bool qkvBias = false;
    std::uint64_t seed = 0;
    CpuCapability capability{};
    bool operator==(const ParamsKey&) const = default;
};

// What the memoised projections were made from: the parameters (the cache's own, so the same
// pointer is the same numbers), the arithmetic and the inputs themselves, bit for bit.
struct ProjectionsKey
{
    std::shared_ptr<const AttentionParams> params;
    Arithmetic arithmetic{};
    Matrix x, source;

    bool matches(const AttentionParams* p, Arithmetic a, const Matrix& otherX,
                 const Matrix& otherSource) const
    {
        return params.get() == p && arithmetic == a && sameBits(x, otherX) &&
               sameBits(source, otherSource);
    }
};

struct TraceEngine::Cache
{
    std::mutex mutex;
    std::optional<EmbeddingKey> embeddingKey;
    std::shared_ptr<const EmbeddingTables> embeddingTables;
    std::optional<ParamsKey> paramsKey;
    std::shared_ptr<const AttentionParams> params;
    std::optional<ProjectionsKey> projectionsKey;
    std::shared_ptr<const Projections> projections;
};

TraceEngine::TraceEngine() : m_cache(std::make_unique<Cache>()) {}

TraceEngine::~TraceEngine() = default;

void TraceEngine::embed(const Session& session, Trace& trace) const
{
    const auto T = static_cast<Eigen::Index>(trace.tokens.size());
    const auto S = static_cast<Eigen::Index>(trace.sourceTokens.size());
    const std::int64_t positions = std::max(T, S);
    const bool torch = session.embedding == EmbeddingSource::Torch;
    const bool learned = session.positional == Positional::Learned;

    std::shared_ptr<const EmbeddingTables> tables;
    if (torch || learned) {
        EmbeddingKey key{session.embeddingSeed,
                         session.cpuCapability,
                         torch ? session.vocabSize : 0,
                         session.dIn,
                         {},
                         learned ? session.contextLength : 0,
                         learned ? positions : 0};
        if (torch) {
            key.ids = trace.tokenIds;
            key.ids.insert(key.ids.end(), trace.sourceTokenIds.begin(), trace.sourceTokenIds.end());
        }
        {
            std::lock_guard lock(m_cache->mutex);
            if (m_cache->embeddingKey == key)
                tables = m_cache->embeddingTables;
        }
        if (!tables) {
            tables = std::make_shared<const EmbeddingTables>(
                torchEmbeddingTables(key.seed, key.vocabSize, key.dIn, key.ids, key.contextLength,
                                     key.positions, key.capability));
            std::lock_guard lock(m_cache->mutex);
            m_cache->embeddingKey = std::move(key);
            m_cache->embeddingTables = tables;
        }
    }

    trace.embeddingTables = tables;
    const Matrix& sourceRows = session.isCross() ? session.sourceInputs : Matrix();
    Matrix tokens = torch ? Matrix(tables->tokens.topRows(T)) : session.inputs;
    Matrix sourceTokens = torch ? Matrix(tables->tokens.bottomRows(S)) : sourceRows;
    if (session.positional == Positional::None) {
        trace.inputs = std::move(tokens);
        trace.sourceInputs = std::move(sourceTokens);
        return;
    }
    trace.positionalEmbeddings =
        learned ? tables->positions : sinusoidalPositions(positions, session.dIn);
    trace.inputs = tokens + trace.positionalEmbeddings.topRows(T);
    if (S > 0)
        trace.sourceInputs = sourceTokens + trace.positionalEmbeddings.topRows(S);
    trace.tokenEmbeddings = std::move(tokens);
    trace.sourceTokenEmbeddings = std::move(sourceTokens);
}

std::shared_ptr<const Trace> TraceEngine::compute(const Session& session,
                                                  WeightsReductionPolicy reduction) const
{
    auto trace = std::make_shared<Trace>();
    trace->session = session;
    std::vector<std::string_view> texts{session.sentence};
    if (session.isCross())
        texts.push_back(session.sourceSentence);
    auto tokenized = tokenizeWithIds(texts, session.tokenizer);
    trace->vocabulary = std::move(tokenized.vocabulary);
    trace->tokens = std::move(tokenized.tokens[0]);
    trace->tokenIds = std::move(tokenized.ids[0]);
    if (session.isCross()) {
        trace->sourceTokens = std::move(tokenized.tokens[1]);
        trace->sourceTokenIds = std::move(tokenized.ids[1]);
    }

    auto start = std::chrono::steady_clock::now();
    embed(session, *trace);
    trace->timings.embeddingMs = millisecondsSince(start);

    start = std::chrono::steady_clock::now();
    const ParamsKey paramsKey{session.variant,      session.init,    session.dIn,
                              session.dOutKq,       session.dOutV,   session.numHeads,
                              session.kvHeads(),    session.qkvBias, session.weightSeed,
                              session.cpuCapability};
    std::shared_ptr<const AttentionParams> params;
    {
        std::lock_guard lock(m_cache->mutex);
        if (m_cache->paramsKey == paramsKey)
            params = m_cache->params;
    }
    if (!params) {
        params = std::make_shared<const AttentionParams>(initAttentionParams(session));
        std::lock_guard lock(m_cache->mutex);
        m_cache->paramsKey = paramsKey;
        m_cache->params = params;
    }
    trace->timings.initMs = millisecondsSince(start);

    start = std::chrono::steady_clock::now();
    const Arithmetic arithmetic =
        chooseArithmetic(session, trace->inputs.rows(), trace->keySource().rows());
    std::shared_ptr<const Projections> projections;
    if (session.hasWeights()) {
        // A control that leaves the inputs and the parameters alone (the mask, dropout, the
        // view of the heads) reuses the last projections: three of the four products of a
        // long text's forward.
        {
            std::lock_guard lock(m_cache->mutex);
            if (m_cache->projectionsKey &&
                m_cache->projectionsKey->matches(params.get(), arithmetic, trace->inputs,
                                                 trace->keySource()))
                projections = m_cache->projections;
        }
        trace->timings.projectionsReused = bool(projections);
        if (!projections) {
            projections = std::make_shared<const Projections>(
                project(*params, trace->inputs, trace->keySource(), arithmetic));
            std::lock_guard lock(m_cache->mutex);
            m_cache->projectionsKey =
                ProjectionsKey{params, arithmetic, trace->inputs, trace->keySource()};
            m_cache->projections = projections;
        }
    }
    runForward(session, params, trace->inputs, trace->keySource(), *trace, arithmetic,
               projections.get(),
               reduction ? reduction(trace->queryCount(), trace->keyCount()) : std::nullopt);
    trace->timings.forwardMs = millisecondsSince(start);

    start = std::chrono::steady_clock::now();
    completeTrace(*trace);
    trace->timings.completeMs = millisecondsSince(start);

    return trace;
}

} // namespace ae
