#include "MainWindow.h"

#include "CellSelection.h"
#include "ComputeService.h"
#include "ControlPanel.h"
#include "ExportDialog.h"
#include "FigureExporter.h"
#include "FigurePage.h"
#include "InspectorPanel.h"
#include "PageCatalog.h"
#include "RecentFiles.h"
#include "SessionAutosave.h"
#include "SessionDocument.h"
#include "SessionEnums.h"
#include "SessionFile.h"
#include "TokensPage.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "WalkthroughPanel.h"
#include "DeckExporter.h"

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
    add(file, tr("&New Session"), QKeySequence::New, QStringLiteral("document-new"), [this] { newSession(); }, false);
    add(file, tr("&Open Session…"), QKeySequence::Open, QStringLiteral("document-open"), [this] { openDialog(); }, true);
    QMenu* recentMenu = file->addMenu(tr("Open &Recent"));
    m_recent = new RecentFiles(recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (maybeSave())
            openSession(path);
    });
    QMenu* samples = file->addMenu(tr("Open Sa&mple"));
    for (const QString& name : QDir(QStringLiteral(":/samples")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString path = QStringLiteral(":/samples/") + name;
        const SessionLoadResult sample = SessionFile::load(path);
        QAction* action = samples->addAction(sample.session.title.empty() ? name : QString::fromStdString(sample.session.title));
        action->setStatusTip(QString::fromStdString(sample.session.description));
        connect(action, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openSample(path);
        });
    }
    add(file, tr("&Save"), QKeySequence::Save, QStringLiteral("document-save"), [this] { save(); }, true);
    add(file, tr("Save &As…"), QKeySequence::SaveAs, QStringLiteral("document-save-as"), [this] { saveAs(); }, false);
    file->addSeparator();
    toolbar->addSeparator();
    add(file, tr("&Export This Page's Figures…"), QKeySequence(tr("Ctrl+E")), QStringLiteral("document-export"),
        [this] { exportFigures(false); }, true);
    add(file, tr("Export &All Figures…"), QKeySequence(tr("Ctrl+Shift+E")), QStringLiteral("document-export"),
        [this] { exportFigures(true); }, false);
    add(file, tr("Export Walkthrough &Deck (PDF)…"), QKeySequence(tr("Ctrl+Shift+D")), QStringLiteral("x-office-presentation"),
        [this] { exportDeckDialog(); }, false);
    file->addSeparator();
    add(file, tr("&Quit"), QKeySequence::Quit, QStringLiteral("application-exit"), [this] { close(); }, false);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    add(edit, tr("&Copy Figure as Image"), QKeySequence(tr("Ctrl+Shift+C")), QStringLiteral("edit-copy"),
        [this] { copyFigure(false); }, true);
    add(edit, tr("Copy Figure &Data (CSV)"), QKeySequence(tr("Ctrl+Alt+C")), QStringLiteral("edit-copy"),
        [this] { copyFigure(true); }, false);
    QAction* escape = add(edit, tr("&Unpin Cell"), QKeySequence(Qt::Key_Escape), QString(), [this] {
        if (m_presenting)
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
    QAction* present = add(view, tr("&Presentation Mode"), QKeySequence(Qt::Key_F5), QStringLiteral("view-fullscreen"),
                           [this] { setPresentationMode(!m_presenting); }, true);
    present->setToolTip(tr("Full screen with large fonts for a lecture hall (F5; Esc leaves)"));
    addAction(present); // F5 also works while the menu bar is hidden
    add(view, tr("Zoom &In"), QKeySequence::ZoomIn, QStringLiteral("zoom-in"), [this] { setZoom(m_zoom * 1.15); }, false);
    add(view, tr("Zoom &Out"), QKeySequence::ZoomOut, QStringLiteral("zoom-out"), [this] { setZoom(m_zoom / 1.15); }, false);
    add(view, tr("&Actual Size"), QKeySequence(tr("Ctrl+0")), QStringLiteral("zoom-original"), [this] { setZoom(1.0); }, false);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    toolbar->addSeparator();
    m_headAction = toolbar->addWidget(m_head);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    add(help, tr("&About Attention Explorer"), QKeySequence(), QStringLiteral("help-about"), [this] {
        QMessageBox::about(this, tr("About Attention Explorer"),
                           tr("<h3>Attention Explorer %1</h3><p>Computes attention in transformers step by step, with "
                              "PyTorch's numbers: the tensors of Sebastian Raschka's article and book chapter on "
                              "self-attention, digit for digit.</p>")
                               .arg(QApplication::applicationVersion()));
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
    const QString error = m_document->load(path, overrides);
    if (!error.isEmpty()) {
        if (!quiet)
            QMessageBox::warning(this, tr("Cannot Open Session"), error);
        return false;
    }
    if (!path.isEmpty())
        m_recent->add(path);
    return true;
}

void MainWindow::setZoom(double zoom)
{
    m_zoom = std::clamp(zoom, 0.5, 4.0);
    QFont font = m_presenting ? m_fontBeforePresenting : QApplication::font();
    const double base = m_presenting ? PresentationPointSize : QApplication::font().pointSizeF();
    font.setPointSizeF(base * m_zoom);
    centralWidget()->setFont(font);
    m_walkthrough->setPresentationFont(m_presenting || m_zoom != 1.0 ? base * m_zoom : 0);
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    if (on) {
        m_stateBeforePresenting = saveState();
        m_paletteBeforePresenting = palette();
        m_fontBeforePresenting = centralWidget()->font();
        // High contrast: black on white, whatever the desktop theme, for projectors.
        QPalette contrast;
        contrast.setColor(QPalette::Window, Qt::white);
        contrast.setColor(QPalette::WindowText, Qt::black);
        contrast.setColor(QPalette::Base, Qt::white);
        contrast.setColor(QPalette::Text, Qt::black);
        contrast.setColor(QPalette::Button, QColor(235, 235, 235));
        contrast.setColor(QPalette::ButtonText, Qt::black);
        contrast.setColor(QPalette::Highlight, QColor(0, 70, 160));
        contrast.setColor(QPalette::HighlightedText, Qt::white);
        setPalette(contrast);
        for (QDockWidget* dock : findChildren<QDockWidget*>())
            dock->setVisible(dock->widget() == m_walkthrough);
        if (auto* dock = qobject_cast<QDockWidget*>(m_walkthrough->parentWidget()))
            dock->raise();
        menuBar()->setVisible(false);
        for (QToolBar* bar : findChildren<QToolBar*>())
            bar->setVisible(false);
        statusBar()->setVisible(false);
        setZoom(1.0);
        if (QScreen* shown = screen()) // without a window manager, full screen is only a state
            setGeometry(shown->geometry());
        showFullScreen();
        m_walkthrough->setFocus();
    } else {
        setPalette(m_paletteBeforePresenting);
        centralWidget()->setFont(m_fontBeforePresenting);
        m_walkthrough->setPresentationFont(0);
        m_zoom = 1.0;
        menuBar()->setVisible(true);
        statusBar()->setVisible(true);
        showNormal();
        restoreState(m_stateBeforePresenting);
    }
}

QString MainWindow::exportDeck(const QString& path, bool showProgress)
{
    DeckExporter exporter;
    exporter.setQuery(m_walkthrough->query());
    const Session session = m_walkthrough->baseSession().value_or(m_document->session());
    if (!showProgress)
        return exporter.write(session, path);
    QProgressDialog progress(tr("Writing the walkthrough deck…"), tr("Cancel"), 0, DeckExporter::pageCount(), this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    return exporter.write(session, path, [&progress](int step, int total) {
        progress.setMaximum(total);
        progress.setValue(step);
        QCoreApplication::processEvents();
        return !progress.wasCanceled();
    });
}

void MainWindow::exportDeckDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Export Walkthrough Deck"),
                                                QSettings().value(QStringLiteral("export/deck"), tr("walkthrough.pdf")).toString(),
                                                tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pdf");
    QSettings().setValue(QStringLiteral("export/deck"), path);
    const QString error = exportDeck(path, true);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export Walkthrough Deck"), error);
    else
        statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void MainWindow::offerRecovery()
{
    const auto recoveries = SessionAutosave::pendingRecoveries();
    if (recoveries.empty())
        return;
    const SessionAutosave::Recovery& latest = recoveries.front();
    const QString name = latest.filePath.isEmpty() ? tr("an untitled session") : QFileInfo(latest.filePath).fileName();
    const auto answer = QMessageBox::question(
        this, tr("Restore Session"),
        tr("Attention Explorer did not close normally while you were editing %1. Restore it as it was?").arg(name),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        m_document->setSession(latest.session, latest.filePath, latest.modified);
    for (const auto& recovery : recoveries)
        SessionAutosave::discard(recovery.autosavePath);
}

void MainWindow::openSample(const QString& resourcePath)
{
    // A sample opens as a new, untitled session: saving asks where, never into the resources.
    const SessionLoadResult loaded = SessionFile::load(resourcePath);
    if (loaded.issue) {
        QMessageBox::warning(this, tr("Cannot Open Sample"), loaded.issue->message);
        return;
    }
    m_document->setSession(loaded.session);
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

void MainWindow::newSession()
{
    if (maybeSave())
        m_document->setSession(Session{});
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), QFileInfo(m_document->filePath()).path(),
                                                      tr("Sessions (*.json);;All files (*)"));
    if (!path.isEmpty())
        openSession(path);
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    const QString error = m_document->saveAs(m_document->filePath());
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot Save Session"), error + u'\n' + tr("The session is still open: nothing is lost."));
        return false;
    }
    return true;
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), m_document->filePath(), tr("Sessions (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    const QString error = m_document->saveAs(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot Save Session"), error + u'\n' + tr("The session is still open: nothing is lost."));
        return false;
    }
    m_recent->add(path);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved Changes"),
                                              tr("The session has changes that are not saved. Save them first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                              QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
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

void MainWindow::exportFigures(bool all)
{
    if (!m_trace)
        return;
    const std::vector<Figure> figures = all ? figures::allFigures(m_trace) : currentPageFigures();
    if (figures.empty()) {
        QMessageBox::information(this, tr("Export"), tr("This page has no figures to export."));
        return;
    }
    ExportDialog dialog(all ? tr("Every figure of the session (%1)").arg(figures.size())
                            : tr("The figures of the page \"%1\" (%2)").arg(m_tabs->tabText(m_tabs->currentIndex())).arg(figures.size()),
                        this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (!QDir().mkpath(dialog.directory())) {
        QMessageBox::warning(this, tr("Export"), tr("Cannot create the folder %1.").arg(dialog.directory()));
        return;
    }
    const FigureExporter exporter;
    QStringList errors;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    for (const Figure& figure : figures) {
        const QString error = exporter.writeAll(figure, dialog.formats(), dialog.directory(), dialog.pngScale());
        if (!error.isEmpty())
            errors << error;
    }
    QApplication::restoreOverrideCursor();
    if (!errors.isEmpty())
        QMessageBox::warning(this, tr("Export"), errors.join(u'\n'));
    else
        statusBar()->showMessage(tr("Exported %1 figure(s) to %2").arg(figures.size()).arg(QDir::toNativeSeparators(dialog.directory())), 5000);
}

void MainWindow::copyFigure(bool asData)
{
    const std::vector<Figure> figures = currentPageFigures();
    if (figures.empty())
        return;
    const FigureExporter exporter;
    if (asData) {
        QString error;
        const QByteArray csv = exporter.render(figures.front(), ExportFormat::Csv, 1, &error);
        QApplication::clipboard()->setText(QString::fromUtf8(csv));
    } else {
        exporter.copyToClipboard(figures.front());
    }
    statusBar()->showMessage(tr("Copied \"%1\"").arg(figures.front().title), 3000);
}

} // namespace ae
