#include "Engine.h"

#include "SessionValidator.h"
#include "Trace.h"

namespace ae {

ComputeResult Engine::compute(const Session& session) const
{
    if (auto issue = validateSession(session))
        return {nullptr, std::move(issue)};
    return {m_engine.compute(session), std::nullopt};
}

} // namespace ae
