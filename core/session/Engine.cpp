#include "Engine.h"

#include "SessionValidator.h"
#include "Trace.h"

#include <QCoreApplication>

namespace ae {

ComputeResult Engine::compute(const Session& session) const
{
    // GPT-2 checkpoints are computed by core/model (the window reaches it through its compute
    // service); what reaches this engine with one is the command line's figure exports, which
    // do not cover model sessions yet: refused rather than mis-drawn.
    if (session.hasModel())
        return {nullptr, SessionIssue{"model", QCoreApplication::translate(
                                                   "Engine", "GPT-2 checkpoints (model) cannot be "
                                                             "exported from the command line yet: "
                                                             "open the session in the window, or "
                                                             "use --dump-json or --benchmark")}};
    if (auto issue = validateSession(session))
        return {nullptr, std::move(issue)};
    return {m_engine.compute(session), std::nullopt};
}

} // namespace ae
