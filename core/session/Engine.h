#pragma once

#include "SessionIssue.h"
#include "TraceEngine.h"

#include <memory>
#include <optional>

namespace ae {

struct Session;
struct Trace;

struct ComputeResult
{
    std::shared_ptr<const Trace> trace; // null when the session was refused
    std::optional<SessionIssue> issue;
};

// Session -> Trace, a pure function of the session (the same session always gives the
// same numbers). Stages: tokens and vocabulary, embeddings, parameters, forward.
// The embedding and parameter stages are memoised on the keys they depend on, so
// changing dropout or the mask method does not redraw a 50000-row embedding table.
// compute() is thread-safe; one Engine may serve several threads.
// This is the validated entry: validateSession() first (a refused session gives its
// translated issue and no trace), then the Qt-free TraceEngine (core/engine), which does
// the stages and keeps the memo.
class Engine
{
public:
    // `reduction`: what the caller's views want the forward to reduce (TraceEngine).
    ComputeResult compute(const Session& session, WeightsReductionPolicy reduction = nullptr) const;

private:
    TraceEngine m_engine;
};

} // namespace ae
