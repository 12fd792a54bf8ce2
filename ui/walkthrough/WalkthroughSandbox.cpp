#include "WalkthroughSandbox.h"

#include "SessionDocument.h"
#include "SessionFile.h"

namespace ae {

WalkthroughSandbox::WalkthroughSandbox(SessionDocument* document, QObject* parent)
    : QObject(parent), m_document(document)
{
    connect(m_document, &SessionDocument::filePathChanged, this, [this](const QString& path) {
        if (m_settingSession || path.isEmpty() || !m_held)
            return;
        m_held.reset();
        Q_EMIT holdingChanged(false);
    });
}

std::optional<Session> WalkthroughSandbox::heldSession() const
{
    return m_held ? std::optional<Session>(m_held->session) : std::nullopt;
}

void WalkthroughSandbox::hold(const QString& pageId)
{
    if (m_held)
        return;
    m_held = Held{m_document->session(), m_document->filePath(), m_document->isModified(), pageId};
    Q_EMIT holdingChanged(true);
}

void WalkthroughSandbox::show(const Session& session, const QString& pageId)
{
    hold(pageId);
    m_settingSession = true;
    m_document->setSession(session);
    m_settingSession = false;
}

QString WalkthroughSandbox::showSample(const QString& resourcePath, const QString& pageId)
{
    const SessionLoadResult loaded = SessionFile::load(resourcePath);
    if (loaded.issue)
        return loaded.issue->message;
    show(loaded.session, pageId);
    return {};
}

bool WalkthroughSandbox::giveBack()
{
    if (!m_held)
        return false;
    const Held held = *m_held;
    m_held.reset();
    m_settingSession = true;
    m_document->setSession(held.session, held.filePath, held.modified);
    m_settingSession = false;
    Q_EMIT holdingChanged(false);
    return true;
}

void WalkthroughSandbox::takeOver(const WalkthroughSandbox& old)
{
    m_held = old.m_held;
    Q_EMIT holdingChanged(m_held.has_value());
}

} // namespace ae
