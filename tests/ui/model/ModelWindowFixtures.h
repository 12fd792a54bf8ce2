#pragma once

// What the tests of a model session in the window share: waiting for its result, a session on
// a fixture checkpoint, a page of a kind.
#include "Fixtures.h"
#include "MainWindow.h"
#include "Session.h"
#include "Trace.h"

#include <QSignalSpy>
#include <QTabWidget>

#include <memory>

namespace ae::test {

inline std::shared_ptr<const Trace> waitForTrace(MainWindow& window)
{
    QSignalSpy spy(&window, &MainWindow::traceShown);
    if (!spy.wait(60000))
        return nullptr;
    return spy.takeLast().at(0).value<std::shared_ptr<const Trace>>();
}

// A model session on a fixture checkpoint. "1,2,3,4" is GPT-2 tokens 16 11 17 11 18 11 19:
// within every fixture's vocabulary (256 and more) and context (16 and more).
inline Session modelSession(const QString& fixture)
{
    Session s;
    s.model = fixturePath(QStringLiteral("gpt2/%1/model.safetensors").arg(fixture)).toStdString();
    s.tokenizer = TokenizerKind::Gpt2;
    s.sentence = "1,2,3,4";
    return s;
}

template <typename Page> Page* findPage(MainWindow& window)
{
    for (int i = 0; i < window.pages()->count(); ++i)
        if (auto* page = qobject_cast<Page*>(window.pages()->widget(i)))
            return page;
    return nullptr;
}

} // namespace ae::test
