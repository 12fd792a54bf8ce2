#include "Gpt2ViewEngine.h"

#include "AttentionParams.h"
#include "Gpt2LayerAttention.h"
#include "Gpt2Trace.h"
#include "Session.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <mutex>

namespace ae {

struct Gpt2ViewEngine::Cache
{
    mutable std::mutex mutex;
    std::string path, sentence; // of `run`
    std::shared_ptr<const Gpt2Run> run;
    // The last layer trace's parameters (4·d² floats: one layer's, not all of them).
    std::shared_ptr<const TransformerModel> paramsModel;
    int paramsLayer = -1;
    std::shared_ptr<const AttentionParams> params;
};

Gpt2ViewEngine::Gpt2ViewEngine() : m_cache(std::make_unique<Cache>()) {}

Gpt2ViewEngine::~Gpt2ViewEngine() = default;

bool Gpt2ViewEngine::isLoaded(const std::string& path) const
{
    std::lock_guard lock(m_cache->mutex);
    return m_cache->run && m_cache->path == path;
}

Gpt2ViewResult Gpt2ViewEngine::compute(const Session& session, int layer) const
{
    Gpt2ViewResult result;
    std::shared_ptr<const Gpt2Run> previous; // of the same checkpoint, another sentence
    {
        std::lock_guard lock(m_cache->mutex);
        if (m_cache->run && m_cache->path == session.model) {
            if (m_cache->sentence == session.sentence)
                result.run = m_cache->run;
            else
                previous = m_cache->run;
        }
    }
    if (!result.run) {
        // Typing changes the end of the sentence: the forward computes only the rows after
        // the tokens it shares with the previous one. `previous` is immutable and kept alive
        // by this reference, so no lock is held while computing.
        Gpt2RunResult computed =
            m_engine.compute(session, previous ? previous->trace.get() : nullptr);
        if (!computed.run) {
            result.issue = std::move(computed.issue);
            return result;
        }
        result.run = std::make_shared<const Gpt2Run>(std::move(*computed.run));
        std::lock_guard lock(m_cache->mutex);
        m_cache->path = session.model;
        m_cache->sentence = session.sentence;
        m_cache->run = result.run;
    }
    const Gpt2Trace& trace = *result.run->trace;
    result.layer = std::clamp(layer, 0, int(trace.layers.size()) - 1);
    std::shared_ptr<const AttentionParams> params;
    {
        std::lock_guard lock(m_cache->mutex);
        if (m_cache->paramsModel == trace.model && m_cache->paramsLayer == result.layer)
            params = m_cache->params;
    }
    if (!params) {
        params = gpt2LayerParams(*trace.model, result.layer);
        std::lock_guard lock(m_cache->mutex);
        m_cache->paramsModel = trace.model;
        m_cache->paramsLayer = result.layer;
        m_cache->params = params;
    }
    result.layerTrace = gpt2LayerTrace(trace, result.layer, session, result.run->tokens, params);
    return result;
}

} // namespace ae
