#include "StepSessions.h"

#include "SessionJson.h"
#include "WalkthroughCatalog.h"

namespace ae {

void StepSessions::traceShown(const Session& session)
{
    if (m_requested.contains(sessionToJson(session)))
        return;
    m_base = session;
    m_requested.clear();
}

std::optional<Session> StepSessions::target(const WalkthroughStep& step) const
{
    if (std::holds_alternative<OpenSample>(step.action))
        return WalkthroughCatalog::sessionFor(step, Session{});
    if (!m_base)
        return std::nullopt;
    return WalkthroughCatalog::sessionFor(step, *m_base);
}

StepSessions::Request StepSessions::requestFor(const WalkthroughStep& step, const Session* shown)
{
    Request request;
    const std::optional<Session> wanted = target(step);
    if (!wanted)
        return request;
    const QByteArray key = sessionToJson(*wanted);
    if (shown && sessionToJson(*shown) == key)
        return request;
    m_requested.insert(key);
    if (const auto* open = std::get_if<OpenSample>(&step.action))
        request.samplePath = open->resourcePath;
    else
        request.session = wanted;
    return request;
}

bool StepSessions::isPending(const WalkthroughStep& step, const Session& shown) const
{
    const std::optional<Session> wanted = target(step);
    return wanted && sessionToJson(*wanted) != sessionToJson(shown);
}

} // namespace ae
