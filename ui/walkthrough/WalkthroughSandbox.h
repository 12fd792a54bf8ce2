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
// nothing is held any more (callers give the session back before asking to save it).
class WalkthroughSandbox : public QObject
{
    Q_OBJECT
public:
    explicit WalkthroughSandbox(SessionDocument* document, QObject* parent = nullptr);

    bool isHolding() const { return m_held.has_value(); }
    // The user's own session while it is held.
    std::optional<Session> heldSession() const;
    // Shows a step's session (holding the user's first).
    void show(const Session& session);
    // Opens a bundled sample the same way; the message when it cannot be loaded.
    QString showSample(const QString& resourcePath);
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
    };
    void hold();

    SessionDocument* m_document;
    std::optional<Held> m_held;
    bool m_settingSession = false;
};

} // namespace ae
