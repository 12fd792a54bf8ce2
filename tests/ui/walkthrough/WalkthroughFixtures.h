#pragma once

// Sessions and traces the walkthrough tests show: the bundled samples, and each step's
// session derived from a sample as the panel and the deck derive it, computed by one shared
// Engine (its memoised embedding tables make the GPT-2 sample's steps cheap after the first).
#include "Engine.h"
#include "SessionFile.h"
#include "Trace.h"
#include "WalkthroughCatalog.h"

#include <QDir>
#include <QTest>

#include <memory>

namespace ae::test {

inline QStringList sampleNames()
{
    return QDir(QStringLiteral(":/samples"))
        .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

inline Session sampleSession(const QString& name)
{
    const SessionLoadResult loaded = SessionFile::load(QStringLiteral(":/samples/") + name);
    if (loaded.issue)
        qFatal("sample %s: %s", qPrintable(name), qPrintable(loaded.issue->message));
    return loaded.session;
}

inline std::shared_ptr<const Trace> computeTrace(const Session& session)
{
    static const Engine engine;
    const ComputeResult result = engine.compute(session);
    if (!result.trace)
        qWarning("session refused: %s", result.issue ? qPrintable(result.issue->message) : "?");
    return result.trace;
}

// The trace a step shows when the walkthrough starts from `base`.
inline std::shared_ptr<const Trace> stepTrace(const WalkthroughStep& step, const Session& base)
{
    const std::optional<Session> session = WalkthroughCatalog::sessionFor(step, base);
    return session ? computeTrace(*session) : nullptr;
}

inline int stepIndex(const QString& id)
{
    const std::vector<WalkthroughStep> steps = WalkthroughCatalog::steps();
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (steps[i].id == id)
            return int(i);
    qFatal("no step %s", qPrintable(id));
}

} // namespace ae::test
