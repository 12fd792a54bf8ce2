#pragma once

#include "Session.h"

#include <QObject>
#include <QString>

#include <optional>

namespace ae {

class SessionDocument;

// Lets the walkthrough show its steps' sessions without taking the user's work: the first
// step that needs another session holds the user's session (values, file, unsaved state)
// and giveBack() puts it back as it was, with no question asked. Step sessions are set as
// untitled and unmodified, so nothing asks to save them and nothing saves them over the
// user's file. Opening a file while the user's session is held means the user has moved on:
// nothing is held any more (callers give the session back before asking to save it). The page
// the user was on is held too: giving the session back returns there, not to a step's page
// that may not apply to the user's session (every head of a one-head session).
class WalkthroughSandbox : public QObject
{
    Q_OBJECT
public:
    explicit WalkthroughSandbox(SessionDocument* document, QObject* parent = nullptr);

    bool isHolding() const { return m_held.has_value(); }
    // The user's own session while it is held.
    std::optional<Session> heldSession() const;
    // The page the user was on when their session was taken (empty when nothing is held).
    QString heldPageId() const { return m_held ? m_held->pageId : QString(); }
    // Shows a step's session (holding the user's first, who is on page `pageId`).
    void show(const Session& session, const QString& pageId);
    // Opens a bundled sample the same way; the message when it cannot be loaded.
    QString showSample(const QString& resourcePath, const QString& pageId);
    // Puts the user's session back; false when nothing was held.
    bool giveBack();
    // A new window (another language) holds what the old one held.
    void takeOver(const WalkthroughSandbox& old);

Q_SIGNALS:
    void holdingChanged(bool holding);

private:
    struct Held
    {
        Session session;
        QString filePath;
        bool modified = false;
        QString pageId;
    };
    void hold(const QString& pageId);

    SessionDocument* m_document;
    std::optional<Held> m_held;
    bool m_settingSession = false;
};

} // namespace ae
