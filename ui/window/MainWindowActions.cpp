// The window's menus, toolbar and shortcuts (MainWindow.cpp stays with the window's state).
#include "MainWindow.h"

#include "AboutDialog.h"
#include "CellSelection.h"
#include "ColorScaleChoice.h"
#include "DataDirectory.h"
#include "DeckExporter.h"
#include "ExportActions.h"
#include "FigurePage.h"
#include "ModelFigures.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "PageStack.h"
#include "PresentationMode.h"
#include "SessionActions.h"
#include "SessionDocument.h"
#include "SessionFile.h"
#include "TraceFigures.h"
#include "TrainingWindow.h"
#include "Translations.h"
#include "UserGuideDialog.h"
#include "WalkthroughPanel.h"

#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QMenuBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QToolBar>

namespace ae {

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QToolBar* toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolBar"));
    auto add = [&](QMenu* menu, const QString& text, QKeySequence shortcut, const QString& icon,
                   auto slot, bool onToolbar) {
        QAction* action = menu->addAction(QIcon::fromTheme(icon), text);
        action->setShortcut(shortcut);
        connect(action, &QAction::triggered, this, slot);
        if (onToolbar)
            toolbar->addAction(action);
        return action;
    };
    add(
        file, tr("&New Session"), QKeySequence::New, QStringLiteral("document-new"),
        [this] {
            leaveWalkthrough();
            m_sessions->newSession();
        },
        false);
    add(
        file, tr("&Open Session…"), QKeySequence::Open, QStringLiteral("document-open"),
        [this] {
            leaveWalkthrough();
            m_sessions->openDialog();
        },
        true);
    add(
        file, tr("Open &Model…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
        QStringLiteral("document-open"),
        [this] {
            leaveWalkthrough();
            m_sessions->openModelDialog();
        },
        false);
    m_sessions = new SessionActions(this, m_document, file->addMenu(tr("Open &Recent")));
    connect(m_sessions, &SessionActions::aboutToReplaceSession, this,
            &MainWindow::leaveWalkthrough);
    QMenu* samples = file->addMenu(tr("Open Sa&mple"));
    const QDir sampleDir(DataDirectory::samples());
    for (const QString& name :
         sampleDir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString path = sampleDir.filePath(name);
        const SessionLoadResult sample = SessionFile::load(path);
        QAction* action = samples->addAction(
            sample.session.title.empty() ? name : QString::fromStdString(sample.session.title));
        action->setStatusTip(QString::fromStdString(sample.session.description));
        connect(action, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openSample(path);
        });
    }
    add(
        file, tr("&Save"), QKeySequence::Save, QStringLiteral("document-save"),
        [this] {
            leaveWalkthrough(); // the user's session, not a step's, into the user's file
            m_sessions->save();
        },
        true);
    add(
        file, tr("Save &As…"), QKeySequence::SaveAs, QStringLiteral("document-save-as"),
        [this] { m_sessions->saveAs(); }, false);
    file->addSeparator();
    toolbar->addSeparator();
    add(
        file, tr("&Export This Page's Figures…"), QKeySequence(tr("Ctrl+E")),
        QStringLiteral("document-export"), [this] { exportFigures(false); }, true);
    add(
        file, tr("Export &All Figures…"), QKeySequence(tr("Ctrl+Shift+E")),
        QStringLiteral("document-export"), [this] { exportFigures(true); }, false);
    add(
        file, tr("Export Walkthrough &Deck (PDF)…"), QKeySequence(tr("Ctrl+Shift+D")),
        QStringLiteral("x-office-presentation"),
        [this] {
            const Session session = m_walkthrough->baseSession().value_or(m_document->session());
            showStatus(ExportActions::exportDeckDialog(this, session, deckExporter()));
        },
        false);
    file->addSeparator();
    add(
        file, tr("&Quit"), QKeySequence::Quit, QStringLiteral("application-exit"),
        [this] { close(); }, false);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    add(
        edit, tr("&Copy Figure as Image"), QKeySequence(tr("Ctrl+Shift+C")),
        QStringLiteral("edit-copy"),
        [this] { showStatus(ExportActions::copyFigure(currentPageFigures(), false)); }, true);
    add(
        edit, tr("Copy Figure &Data (CSV)"), QKeySequence(tr("Ctrl+Alt+C")),
        QStringLiteral("edit-copy"),
        [this] { showStatus(ExportActions::copyFigure(currentPageFigures(), true)); }, false);
    QAction* escape = add(
        edit, tr("&Unpin Cell"), QKeySequence(Qt::Key_Escape), QString(),
        [this] {
            if (isPresentationMode())
                setPresentationMode(false);
            else
                m_selection->clear();
        },
        false);
    addAction(escape); // Esc also leaves the presentation mode, whose menu bar is hidden

    QMenu* view = menuBar()->addMenu(tr("&View"));
    add(
        view, tr("&Next Step"), QKeySequence(Qt::CTRL | Qt::Key_PageDown),
        QStringLiteral("go-next"),
        [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); }, false);
    add(
        view, tr("&Previous Step"), QKeySequence(Qt::CTRL | Qt::Key_PageUp),
        QStringLiteral("go-previous"),
        [this] {
            m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) %
                                    m_tabs->count());
        },
        false);
    view->addSeparator();
    QAction* present = add(
        view, tr("Presentation &Mode"), QKeySequence(Qt::Key_F5), QStringLiteral("view-fullscreen"),
        [this] { setPresentationMode(!isPresentationMode()); }, true);
    present->setToolTip(tr("Full screen with large fonts for a lecture hall (F5; Esc leaves)"));
    addAction(present); // F5 also works while the menu bar is hidden
    add(
        view, tr("Zoom &In"), QKeySequence::ZoomIn, QStringLiteral("zoom-in"),
        [this] { m_presentation->setZoom(m_presentation->zoom() * 1.15); }, false);
    add(
        view, tr("Zoom &Out"), QKeySequence::ZoomOut, QStringLiteral("zoom-out"),
        [this] { m_presentation->setZoom(m_presentation->zoom() / 1.15); }, false);
    add(
        view, tr("&Actual Size"), QKeySequence(tr("Ctrl+0")), QStringLiteral("zoom-original"),
        [this] { m_presentation->setZoom(1.0); }, false);
    view->addMenu(findChild<ColorScaleChoice*>()->createMenu(view));
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    toolbar->addSeparator();
    m_layerAction = toolbar->addWidget(m_layer);
    m_layerAction->setVisible(false);
    m_headAction = toolbar->addWidget(m_head);
    add(
        view, tr("Choose &Layer"), QKeySequence(tr("Ctrl+L")), QString(),
        [this] {
            if (m_layerAction->isVisible())
                m_layer->setFocus(Qt::ShortcutFocusReason);
        },
        false);

    QMenu* language = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(language);
    for (const QString& code : Translations::available()) {
        QAction* action = language->addAction(Translations::displayName(code));
        action->setCheckable(true);
        action->setChecked(code == Translations::current());
        languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] {
            if (code != Translations::current())
                Q_EMIT languageChangeRequested(code);
        });
    }

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    add(
        tools, tr("Training &Lab…"), QKeySequence(tr("Ctrl+Shift+T")), QStringLiteral("system-run"),
        [this] { showTrainingLab(); }, false)
        ->setStatusTip(tr("Train the book's GPT model in the app and watch its heads form"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = add(
        help, tr("&User Guide"), QKeySequence::HelpContents, QStringLiteral("help-contents"),
        [this] { UserGuideDialog(this).exec(); }, false);
    addAction(guide); // F1 also works while the menu bar is hidden
    add(
        help, tr("&About Attention Explorer"), QKeySequence(), QStringLiteral("help-about"),
        [this] { AboutDialog(this).exec(); }, false);
}

void MainWindow::exportFigures(bool all)
{
    if (!m_trace)
        return;
    std::vector<Figure> figures;
    const int layer = m_layer->value() - 1;
    if (all) {
        figures = modelfigures::allFigures(*m_run, layer);
    } else {
        figures = currentPageFigures();
        // A model's step figures are named with their layer, as --export names them (the model's
        // own pages, which only a checkpoint has, name theirs already).
        if (const Page* page = m_stack->current();
            !m_run->trace->isSeedModule() && page && page->appliesTo(ModelSource::SeedModule))
            for (Figure& figure : figures)
                figure.name =
                    modelfigures::withLayer(figure.name, layer, m_run->trace->layerCount());
    }
    const QString description = all ? tr("Every figure of the session (%1)").arg(figures.size())
                                    : tr("The figures of the page \"%1\" (%2)")
                                          .arg(m_tabs->tabText(m_tabs->currentIndex()))
                                          .arg(figures.size());
    showStatus(ExportActions::exportFigures(this, figures, description));
}

} // namespace ae

namespace ae {

TrainingWindow* MainWindow::trainingLab() const
{
    return m_trainingLab;
}

TrainingWindow* MainWindow::showTrainingLab()
{
    if (!m_trainingLab) {
        // A window of its own (it has its own session), closed with this one.
        m_trainingLab = new TrainingWindow(this);
        m_trainingLab->setWindowFlag(Qt::Window);
        m_trainingLab->setAttribute(Qt::WA_DeleteOnClose, false);
        connect(m_trainingLab, &TrainingWindow::openModelRequested, this,
                [this](const QString& dir) {
                    leaveWalkthrough();
                    if (!maybeSave())
                        return;
                    m_sessions->openModel(dir);
                    showPage(QStringLiteral("head_roles"));
                    raise();
                    activateWindow();
                });
    }
    m_trainingLab->show();
    m_trainingLab->raise();
    m_trainingLab->activateWindow();
    return m_trainingLab;
}

} // namespace ae
