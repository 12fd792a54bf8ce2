#include "StepSessions.h"

#include "SessionJson.h"
#include "WalkthroughCatalog.h"

namespace ae {

bool StepSessions::traceShown(const Session& session)
{
    const QByteArray key = sessionToJson(session);
    if (m_awaited == key)
        m_awaited.reset();
    if (m_requested.contains(key))
        return false;
    m_base = session;
    m_requested.clear();
    m_awaited.reset();
    return true;
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
    // Compared with what the document will show: the last session asked for while it is
    // being computed, else the one on screen.
    if (m_awaited ? *m_awaited == key : (shown && sessionToJson(*shown) == key))
        return request;
    m_requested.insert(key);
    m_awaited = key;
    if (const auto* open = std::get_if<OpenSample>(&step.action))
        request.samplePath = open->resourcePath;
    else
        request.session = wanted;
    return request;
}

} // namespace ae
