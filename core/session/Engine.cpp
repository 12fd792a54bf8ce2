#include "Engine.h"

#include "SessionValidator.h"
#include "Trace.h"

#include <QCoreApplication>

namespace ae {

ComputeResult Engine::compute(const Session& session, WeightsReductionPolicy reduction) const
{
    // A GPT-2 checkpoint is computed by core/model (ModelEngine, on top of this library),
    // which the window, --dump-json, --benchmark, --export and --export-deck call for a model
    // session; here it would be drawn as a random module, so it is refused, naming the key.
    if (!session.model.empty())
        return {nullptr,
                SessionIssue{"model", QCoreApplication::translate(
                                          "Engine", "a GPT-2 checkpoint (model) is computed by "
                                                    "the model engine, not by the random "
                                                    "attention module's")}};
    if (auto issue = validateSession(session))
        return {nullptr, std::move(issue)};
    return {m_engine.compute(session, reduction), std::nullopt};
}

} // namespace ae
