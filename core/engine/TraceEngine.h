#pragma once

#include "Forward.h"

#include <memory>

namespace ae {

struct Session;
struct Trace;

// The engine proper, without Qt: a valid session -> its Trace (tokens and vocabulary,
// embeddings, parameters, forward), the embedding and parameter stages memoised.
// The session must be valid (validateSession() found nothing to refuse): this engine
// checks nothing, so it needs no translated message; Engine (core/session) is the entry
// that validates first. compute() is thread-safe; one TraceEngine may serve several threads.
class TraceEngine
{
public:
    TraceEngine();
    ~TraceEngine();

    // `reduction`: what the caller's views want reduced by the forward (Forward.h).
    std::shared_ptr<const Trace> compute(const Session& validSession,
                                         WeightsReductionPolicy reduction = nullptr) const;

private:
    // tokens -> inputs (and source inputs): token embeddings plus, if any, positions.
    void embed(const Session& session, Trace& trace) const;

    struct Cache;
    std::unique_ptr<Cache> m_cache;
};

} // namespace ae
