#include "ModelViewEngine.h"

#include "ModelTrace.h"
#include "Session.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <mutex>

namespace ae {

struct ModelViewEngine::Cache
{
    mutable std::mutex mutex;
    std::string path, sentence; // of `run`
    std::shared_ptr<const ModelRun> run;
};

ModelViewEngine::ModelViewEngine(WeightsReductionPolicy overview)
    : m_cache(std::make_unique<Cache>()), m_overview(overview)
{
}

ModelViewEngine::~ModelViewEngine() = default;

bool ModelViewEngine::isLoaded(const std::string& path) const
{
    std::lock_guard lock(m_cache->mutex);
    return m_cache->run && m_cache->path == path;
}

ModelViewResult ModelViewEngine::compute(const Session& session, int layer) const
{
    ModelViewResult result;
    std::shared_ptr<const ModelRun> previous; // of the same checkpoint, another sentence
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
        ModelRunResult computed =
            m_engine.compute(session, previous ? previous->trace.get() : nullptr, m_overview);
        if (!computed.run) {
            result.issue = std::move(computed.issue);
            return result;
        }
        result.run = std::make_shared<const ModelRun>(std::move(*computed.run));
        std::lock_guard lock(m_cache->mutex);
        m_cache->path = session.model;
        m_cache->sentence = session.sentence;
        m_cache->run = result.run;
    }
    const ModelTrace& trace = *result.run->trace;
    result.layer = std::clamp(layer, 0, int(trace.layers.size()) - 1);
    result.layerTrace = trace.layers[std::size_t(result.layer)]; // the forward's own tensors
    return result;
}

} // namespace ae
