#include "Engine.h"

#include "SessionValidator.h"
#include "Trace.h"

#include <QCoreApplication>

namespace ae {

ComputeResult Engine::compute(const Session& session) const
{
    // GPT-2 checkpoints are computed by core/model; the window cannot show them yet, so a
    // model session reaching this engine is refused rather than mis-drawn.
    if (session.hasModel())
        return {nullptr, SessionIssue{"model", QCoreApplication::translate(
                                                   "Engine", "GPT-2 checkpoints (model) cannot be "
                                                             "shown in the window yet: use "
                                                             "--dump-json or --benchmark")}};
    if (auto issue = validateSession(session))
        return {nullptr, std::move(issue)};
    return {m_engine.compute(session), std::nullopt};
}

} // namespace ae
