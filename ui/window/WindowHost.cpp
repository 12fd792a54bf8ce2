#include "WindowHost.h"

#include "MainWindow.h"
#include "ModelRegistry.h"
#include "Session.h"
#include "SessionDocument.h"
#include "TrainingWindow.h"
#include "Translations.h"

#include <QSettings>
#include <QTimer>

#include <cstdio>

namespace ae {

namespace {
const QString LanguageKey = QStringLiteral("ui/language");
}

WindowHost::WindowHost(QObject* parent) : QObject(parent) {}

WindowHost::~WindowHost()
{
    delete m_window;
}

bool WindowHost::installStartLanguage(const QString& requested, bool window)
{
    QString language = requested;
    if (language.isEmpty())
        language = window ? QSettings().value(LanguageKey, Translations::systemDefault()).toString()
                          : Translations::systemDefault();
    return Translations::install(language);
}

MainWindow* WindowHost::createWindow()
{
    auto* window = new MainWindow;
    connect(window, &MainWindow::languageChangeRequested, this, &WindowHost::switchLanguage,
            Qt::QueuedConnection);
    return window;
}

void WindowHost::show(const Start& start)
{
    m_window = createWindow();
    if (!start.sessionPath.isEmpty() || !start.overrides.isEmpty())
        m_window->openSession(start.sessionPath, start.overrides);
    if (start.layer > 0) {
        if (modelSource(m_window->document()->session()) == ModelSource::Checkpoint)
            m_window->setStartLayer(start.layer - 1);
        else
            std::fprintf(stderr, "attention-explorer: --layer applies only to a model "
                                 "session (--model FILE); ignored\n");
    }
    if (!start.page.isEmpty() && !m_window->showPage(start.page))
        std::fprintf(stderr, "attention-explorer: unknown page \"%s\"\n", qPrintable(start.page));
    m_window->show();
    if (start.present)
        m_window->setPresentationMode(true);
    if (!start.trainingSession.isEmpty())
        m_window->showTrainingLab()->openSession(start.trainingSession);
    QTimer::singleShot(0, m_window, [window = m_window] {
        if (window)
            window->offerRecovery();
    });
}

void WindowHost::switchLanguage(const QString& language)
{
    if (!Translations::install(language))
        return;
    QSettings().setValue(LanguageKey, language);
    MainWindow* old = m_window;
    m_window = createWindow();
    if (old) {
        m_window->takeOver(*old);
        old->closeWithoutAsking();
        old->deleteLater();
    }
    m_window->show();
}

} // namespace ae
