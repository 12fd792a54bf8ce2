#pragma once

#include "Session.h"

#include <QByteArray>
#include <QSet>
#include <QString>

#include <optional>

namespace ae {

struct WalkthroughStep;

// The session each step asks for. Steps are applied to the walkthrough's base session (the
// one the user built), never to what the previous step left: going back from multi-head to
// the scores restores the article's d_v = 4, and going back from the GPT-2 sample restores
// the user's sentence. A computed session the walkthrough did not ask for (the user edited,
// opened a file) becomes the new base.
class StepSessions
{
public:
    struct Request
    {
        std::optional<Session> session; // set the whole session to this
        QString samplePath;             // or open this sample
        bool isEmpty() const { return !session && samplePath.isEmpty(); }
    };

    // Every trace the panel receives, in order; true when it is the user's (it became the base).
    bool traceShown(const Session& session);
    const std::optional<Session>& base() const { return m_base; }

    // What to ask for to show `step`, knowing the session on screen (null: none yet); an
    // empty request when the step's session is already shown or cannot be derived.
    Request requestFor(const WalkthroughStep& step, const Session* shown);
    // True while a session asked for has not been shown yet (a session the user chose in the
    // meantime ends the wait: the pages then show what the user asked for).
    bool isPending() const { return m_awaited.has_value(); }

private:
    std::optional<Session> target(const WalkthroughStep& step) const;

    std::optional<Session> m_base;
    QSet<QByteArray> m_requested;        // sessions asked for since m_base was set, as JSON
    std::optional<QByteArray> m_awaited; // the last one asked for, until it is shown
};

} // namespace ae
