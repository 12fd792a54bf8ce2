#include "MainWindow.h"

#include "AboutDialog.h"
#include "CellSelection.h"
#include "ComputeService.h"
#include "ControlPanel.h"
#include "DataDirectory.h"
#include "ExportActions.h"
#include "FigureExporter.h"
#include "FigurePage.h"
#include "InspectorPanel.h"
#include "PageCatalog.h"
#include "SessionActions.h"
#include "SessionAutosave.h"
#include "SessionDocument.h"
#include "SessionEnums.h"
#include "SessionFile.h"
#include "TokensPage.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "Translations.h"
#include "WalkthroughPanel.h"
#include "PresentationMode.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QProgressDialog>
#include <QScreen>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace ae {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_document(new SessionDocument(this))
    , m_service(new ComputeService(this))
    , m_selection(new CellSelection(this))
    , m_controls(new ControlPanel(m_document, this))
    , m_inspector(new InspectorPanel(this))
    , m_tabs(new QTabWidget(this))
    , m_tokensPage(new TokensPage(this))
    , m_banner(new QLabel(this))
    , m_status(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_head(new QSpinBox(this))
    , m_autosave(new SessionAutosave(m_document, this))
    , m_walkthrough(new WalkthroughPanel(this))
    , m_presentation(new PresentationMode(this, m_walkthrough))
{
    setAcceptDrops(true);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_tokensPage, tr("Tokens"));
    for (PageDefinition& definition : pageCatalog()) {
        const QString title = definition.title;
        auto* page = new FigurePage(std::move(definition), m_selection, m_tabs);
        m_figurePages.push_back(page);
        m_tabs->addTab(page, title);
    }

    m_banner->setWordWrap(true);
    m_banner->setVisible(false);
    m_banner->setAutoFillBackground(true);
    m_banner->setContentsMargins(8, 6, 8, 6);
    m_banner->setStyleSheet(QStringLiteral("background: palette(highlight); color: palette(highlighted-text);"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    auto* controlsDock = new QDockWidget(tr("Session"), this);
    controlsDock->setObjectName(QStringLiteral("sessionDock"));
    controlsDock->setWidget(m_controls);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock);
    auto* inspectorDock = new QDockWidget(tr("Inspector"), this);
    inspectorDock->setObjectName(QStringLiteral("inspectorDock"));
    inspectorDock->setWidget(m_inspector);
    addDockWidget(Qt::RightDockWidgetArea, inspectorDock);
    auto* walkthroughDock = new QDockWidget(tr("Walkthrough"), this);
    walkthroughDock->setObjectName(QStringLiteral("walkthroughDock"));
    walkthroughDock->setWidget(m_walkthrough);
    addDockWidget(Qt::RightDockWidgetArea, walkthroughDock);
    tabifyDockWidget(inspectorDock, walkthroughDock);
    inspectorDock->raise();
    addActions(m_walkthrough->navigationActions());

    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setVisible(false);
    m_busy->setToolTip(tr("Computing…"));
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_busy);

    m_head->setPrefix(tr("Head "));
    m_head->setMinimum(1);
    m_head->setToolTip(tr("Which head the pages show"));
    createActions();

    connect(m_document, &SessionDocument::sessionChanged, m_service, [this](const Session& s) { m_service->request(s); });
    connect(m_document, &SessionDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &SessionDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_service, &ComputeService::traceReady, this, [this](std::shared_ptr<const Trace> trace) { showTrace(trace); });
    connect(m_service, &ComputeService::sessionRefused, this, [this](const SessionIssue& issue) { showIssue(issue); });
    connect(m_service, &ComputeService::busyChanged, m_busy, &QWidget::setVisible);
    connect(m_selection, &CellSelection::inspectedTextChanged, m_inspector, &InspectorPanel::show);
    connect(m_head, &QSpinBox::valueChanged, this, &MainWindow::updatePages);
    connect(m_walkthrough, &WalkthroughPanel::pageRequested, this, &MainWindow::showPage);
    connect(m_walkthrough, &WalkthroughPanel::sessionChangeRequested, m_document, &SessionDocument::edit);
    connect(m_walkthrough, &WalkthroughPanel::sampleRequested, this, [this](const QString& path) {
        if (maybeSave())
            openSample(path);
    });
    connect(this, &MainWindow::traceShown, m_walkthrough, &WalkthroughPanel::setTrace);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateCurrentPage);

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1400, 900);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
    m_service->request(m_document->session());
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QToolBar* toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolBar"));
    auto add = [&](QMenu* menu, const QString& text, QKeySequence shortcut, const QString& icon, auto slot, bool onToolbar) {
        QAction* action = menu->addAction(QIcon::fromTheme(icon), text);
        action->setShortcut(shortcut);
        connect(action, &QAction::triggered, this, slot);
        if (onToolbar)
            toolbar->addAction(action);
        return action;
    };
    add(file, tr("&New Session"), QKeySequence::New, QStringLiteral("document-new"), [this] { m_sessions->newSession(); }, false);
    add(file, tr("&Open Session…"), QKeySequence::Open, QStringLiteral("document-open"), [this] { m_sessions->openDialog(); }, true);
    m_sessions = new SessionActions(this, m_document, file->addMenu(tr("Open &Recent")));
    QMenu* samples = file->addMenu(tr("Open Sa&mple"));
    const QDir sampleDir(DataDirectory::samples());
    for (const QString& name : sampleDir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString path = sampleDir.filePath(name);
        const SessionLoadResult sample = SessionFile::load(path);
        QAction* action = samples->addAction(sample.session.title.empty() ? name : QString::fromStdString(sample.session.title));
        action->setStatusTip(QString::fromStdString(sample.session.description));
        connect(action, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openSample(path);
        });
    }
    add(file, tr("&Save"), QKeySequence::Save, QStringLiteral("document-save"), [this] { m_sessions->save(); }, true);
    add(file, tr("Save &As…"), QKeySequence::SaveAs, QStringLiteral("document-save-as"), [this] { m_sessions->saveAs(); }, false);
    file->addSeparator();
    toolbar->addSeparator();
    add(file, tr("&Export This Page's Figures…"), QKeySequence(tr("Ctrl+E")), QStringLiteral("document-export"),
        [this] { exportFigures(false); }, true);
    add(file, tr("Export &All Figures…"), QKeySequence(tr("Ctrl+Shift+E")), QStringLiteral("document-export"),
        [this] { exportFigures(true); }, false);
    add(file, tr("Export Walkthrough &Deck (PDF)…"), QKeySequence(tr("Ctrl+Shift+D")), QStringLiteral("x-office-presentation"),
        [this] {
            const Session session = m_walkthrough->baseSession().value_or(m_document->session());
            showStatus(ExportActions::exportDeckDialog(this, session, m_walkthrough->query()));
        }, false);
    file->addSeparator();
    add(file, tr("&Quit"), QKeySequence::Quit, QStringLiteral("application-exit"), [this] { close(); }, false);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    add(edit, tr("&Copy Figure as Image"), QKeySequence(tr("Ctrl+Shift+C")), QStringLiteral("edit-copy"),
        [this] { showStatus(ExportActions::copyFigure(currentPageFigures(), false)); }, true);
    add(edit, tr("Copy Figure &Data (CSV)"), QKeySequence(tr("Ctrl+Alt+C")), QStringLiteral("edit-copy"),
        [this] { showStatus(ExportActions::copyFigure(currentPageFigures(), true)); }, false);
    QAction* escape = add(edit, tr("&Unpin Cell"), QKeySequence(Qt::Key_Escape), QString(), [this] {
        if (isPresentationMode())
            setPresentationMode(false);
        else
            m_selection->clear();
    }, false);
    addAction(escape); // Esc also leaves the presentation mode, whose menu bar is hidden

    QMenu* view = menuBar()->addMenu(tr("&View"));
    add(view, tr("&Next Step"), QKeySequence(Qt::CTRL | Qt::Key_PageDown), QStringLiteral("go-next"),
        [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); }, false);
    add(view, tr("&Previous Step"), QKeySequence(Qt::CTRL | Qt::Key_PageUp), QStringLiteral("go-previous"),
        [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count()); }, false);
    view->addSeparator();
    QAction* present = add(view, tr("Presentation &Mode"), QKeySequence(Qt::Key_F5), QStringLiteral("view-fullscreen"),
                           [this] { setPresentationMode(!isPresentationMode()); }, true);
    present->setToolTip(tr("Full screen with large fonts for a lecture hall (F5; Esc leaves)"));
    addAction(present); // F5 also works while the menu bar is hidden
    add(view, tr("Zoom &In"), QKeySequence::ZoomIn, QStringLiteral("zoom-in"),
        [this] { m_presentation->setZoom(m_presentation->zoom() * 1.15); }, false);
    add(view, tr("Zoom &Out"), QKeySequence::ZoomOut, QStringLiteral("zoom-out"),
        [this] { m_presentation->setZoom(m_presentation->zoom() / 1.15); }, false);
    add(view, tr("&Actual Size"), QKeySequence(tr("Ctrl+0")), QStringLiteral("zoom-original"),
        [this] { m_presentation->setZoom(1.0); }, false);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    toolbar->addSeparator();
    m_headAction = toolbar->addWidget(m_head);

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

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    add(help, tr("&About Attention Explorer"), QKeySequence(), QStringLiteral("help-about"), [this] {
        AboutDialog(this).exec();
    }, false);
}

void MainWindow::showTrace(const std::shared_ptr<const Trace>& trace)
{
    m_trace = trace;
    m_banner->setVisible(false);
    m_controls->clearIssue();
    m_controls->setTrace(trace);
    const int heads = int(trace->heads.size());
    {
        const QSignalBlocker blocker(m_head);
        m_head->setMaximum(heads);
        m_head->setSuffix(tr(" of %1").arg(heads));
    }
    m_headAction->setVisible(heads > 1);
    updatePages();
    const Session& s = trace->session;
    m_status->setText(tr("%1: T = %2, S = %3, d_in = %4, %5 head(s) · computed in %6 ms")
                          .arg(QLatin1StringView(toKey(s.variant).data()))
                          .arg(trace->queryCount())
                          .arg(trace->keyCount())
                          .arg(s.dIn)
                          .arg(heads)
                          .arg(trace->timings.embeddingMs + trace->timings.initMs + trace->timings.forwardMs +
                                   trace->timings.completeMs,
                               0, 'f', 2));
    Q_EMIT traceShown(trace);
}

void MainWindow::updatePages()
{
    // Only the page on screen is rebuilt now; the others when they are shown.
    m_stalePages.clear();
    for (int i = 0; i < m_tabs->count(); ++i)
        m_stalePages.insert(m_tabs->widget(i));
    updateCurrentPage();
}

void MainWindow::updateCurrentPage()
{
    QWidget* current = m_tabs->currentWidget();
    if (!m_trace || !m_stalePages.remove(current))
        return;
    const int head = std::min(m_head->value(), int(m_trace->heads.size())) - 1;
    if (current == m_tokensPage)
        m_tokensPage->setTrace(m_trace);
    else if (auto* page = qobject_cast<FigurePage*>(current))
        page->setTrace(m_trace, head);
}

void MainWindow::showIssue(const SessionIssue& issue)
{
    m_controls->showIssue(issue);
    m_banner->setText(m_trace ? tr("This session cannot be computed: %1\nThe pages still show the last session that "
                                   "could.").arg(issue.message)
                              : tr("This session cannot be computed: %1").arg(issue.message));
    m_banner->setVisible(true);
}

void MainWindow::updateTitle()
{
    const QString name = m_document->filePath().isEmpty() ? tr("Untitled") : QFileInfo(m_document->filePath()).fileName();
    setWindowTitle(name + QStringLiteral("[*] — ") + tr("Attention Explorer"));
    setWindowModified(m_document->isModified());
}






bool MainWindow::openSession(const QString& path, const QJsonObject& overrides, bool quiet)
{
    return m_sessions->openSession(path, overrides, quiet);
}

void MainWindow::openSample(const QString& resourcePath)
{
    m_sessions->openSample(resourcePath);
}

void MainWindow::offerRecovery()
{
    m_sessions->offerRecovery();
}

bool MainWindow::maybeSave()
{
    return m_sessions->maybeSave();
}

void MainWindow::setPresentationMode(bool on)
{
    m_presentation->setActive(on);
}

bool MainWindow::isPresentationMode() const
{
    return m_presentation->isActive();
}

QString MainWindow::exportDeck(const QString& path, bool showProgress)
{
    const Session session = m_walkthrough->baseSession().value_or(m_document->session());
    return ExportActions::exportDeck(showProgress ? this : nullptr, session, m_walkthrough->query(), path);
}

void MainWindow::exportFigures(bool all)
{
    if (!m_trace)
        return;
    const std::vector<Figure> figures = all ? figures::allFigures(m_trace) : currentPageFigures();
    const QString description =
        all ? tr("Every figure of the session (%1)").arg(figures.size())
            : tr("The figures of the page \"%1\" (%2)").arg(m_tabs->tabText(m_tabs->currentIndex())).arg(figures.size());
    showStatus(ExportActions::exportFigures(this, figures, description));
}

void MainWindow::showStatus(const QString& message)
{
    if (!message.isEmpty())
        statusBar()->showMessage(message, 5000);
}



bool MainWindow::showPage(const QString& id)
{
    if (id == QLatin1StringView("tokens")) {
        m_tabs->setCurrentWidget(m_tokensPage);
        return true;
    }
    for (FigurePage* page : m_figurePages) {
        if (page->definition().id == id) {
            m_tabs->setCurrentWidget(page);
            return true;
        }
    }
    return false;
}






void MainWindow::takeOver(const MainWindow& old)
{
    m_document->setSession(old.m_document->session(), old.m_document->filePath(), old.m_document->isModified());
    restoreGeometry(old.saveGeometry());
    restoreState(old.saveState());
    m_tabs->setCurrentIndex(old.m_tabs->currentIndex());
    if (old.isPresentationMode())
        setPresentationMode(true);
}

void MainWindow::closeWithoutAsking()
{
    m_closingForLanguage = true;
    close();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_closingForLanguage && !maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = event->mimeData()->urls().value(0).toLocalFile();
    if (!path.isEmpty() && maybeSave())
        openSession(path);
}

std::vector<Figure> MainWindow::currentPageFigures() const
{
    return pageFigures(m_tabs->currentWidget());
}

std::vector<Figure> MainWindow::pageFigures(QWidget* pageWidget) const
{
    if (auto* page = qobject_cast<FigurePage*>(pageWidget))
        return page->currentFigures();
    return {};
}



} // namespace ae
