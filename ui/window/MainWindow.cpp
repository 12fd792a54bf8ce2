#include "MainWindow.h"

#include "ModelRegistry.h"

#include "AboutDialog.h"
#include "CellSelection.h"
#include "ColorScaleChoice.h"
#include "ComputeService.h"
#include "ControlPanel.h"
#include "DataDirectory.h"
#include "DeckExporter.h"
#include "Engine.h"
#include "ExportActions.h"
#include "FigureExporter.h"
#include "InspectorPanel.h"
#include "ModelFigures.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "Page.h"
#include "PageBar.h"
#include "PageStack.h"
#include "PresentationMode.h"
#include "PresentationStage.h"
#include "RunSummary.h"
#include "SessionActions.h"
#include "SessionAutosave.h"
#include "SessionDocument.h"
#include "SessionEnums.h"
#include "SessionFile.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "TrainingWindow.h"
#include "TransformerModel.h"
#include "Translations.h"
#include "ViewJobs.h"
#include "WalkthroughCatalog.h"
#include "WalkthroughPanel.h"
#include "WalkthroughSandbox.h"
#include "WindowPages.h"
#include "WrappedLabel.h"

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
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace ae {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_document(new SessionDocument(this)),
      m_service(new ComputeService(this)), m_selection(new CellSelection(this)),
      m_controls(new ControlPanel(m_document, this)), m_inspector(new InspectorPanel(this)),
      m_banner(new WrappedLabel(this)), m_status(new QLabel(this)), m_busy(new QProgressBar(this)),
      m_head(new QSpinBox(this)), m_layer(new QSpinBox(this)),
      m_autosave(new SessionAutosave(m_document, this)), m_walkthrough(new WalkthroughPanel(this)),
      m_presentation(new PresentationMode(this, m_walkthrough)),
      m_stage(new PresentationStage(this)), m_sandbox(new WalkthroughSandbox(m_document, this))
{
    keepPaintHelperThreads();
    setAcceptDrops(true);
    PageContext context;
    context.parent = this;
    context.selection = m_selection;
    context.scales = new ColorScaleChoice(this);
    context.chooseHead = [this](int layer, int head) { chooseHead(layer, head); };
    // A large trace's figures come later, from the background: the stage takes them then
    // (it kept showing the previous step's figure).
    context.figuresShown = [this](Page* page) {
        if (page == m_stack->current())
            updateStage();
    };
    m_stack = new PageStack(context, this);
    m_tabs = m_stack->tabs();
    m_pageBar = new PageBar(m_tabs, this); // the tabs on as many rows as they need

    m_banner->setVisible(false);
    // Its text's height, never more: with no pages (a checkpoint that cannot run) the space
    // below is the pages', not a banner's.
    m_banner->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_banner->setAutoFillBackground(true);
    m_banner->setContentsMargins(8, 6, 8, 6);
    m_banner->setStyleSheet(
        QStringLiteral("background: palette(highlight); color: palette(highlighted-text);"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_banner);
    layout->addWidget(m_pageBar);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_stage, 1);
    layout->addStretch(); // the rest, when neither the pages nor the stage are shown
    m_stage->hide();
    setCentralWidget(central);

    auto* controlsDock = new QDockWidget(tr("Session"), this);
    controlsDock->setObjectName(QStringLiteral("sessionDock"));
    controlsDock->setWidget(m_controls);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock);
    auto* inspectorDock = new QDockWidget(tr("Inspector"), this);
    inspectorDock->setObjectName(QStringLiteral("inspectorDock"));
    inspectorDock->setWidget(m_inspector);
    addDockWidget(Qt::RightDockWidgetArea, inspectorDock);
    auto* walkthroughDock = m_walkthroughDock = new QDockWidget(tr("Walkthrough"), this);
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
    connect(m_autosave, &SessionAutosave::warning, statusBar(),
            [this](const QString& message) { statusBar()->showMessage(message); });

    m_head->setPrefix(tr("Head "));
    m_head->setMinimum(1);
    m_head->setToolTip(tr("Which head the pages show"));
    m_layer->setPrefix(tr("Layer "));
    m_layer->setRange(1, 1);
    m_layer->setToolTip(tr("Which layer of the model the step pages show (Ctrl+L)"));
    m_layer->setAccessibleName(tr("Layer"));
    m_head->setAccessibleName(tr("Head"));
    createActions();

    connect(m_document, &SessionDocument::sessionChanged, this, &MainWindow::requestCompute);
    connect(m_document, &SessionDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &SessionDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_service, &ComputeService::runReady, this,
            [this](std::shared_ptr<const ModelRun> run, int layer) { showRun(run, layer); });
    connect(m_service, &ComputeService::sessionRefused, this,
            [this](const SessionIssue& issue) { showIssue(issue); });
    connect(m_service, &ComputeService::busyChanged, m_busy, &QWidget::setVisible);
    connect(m_selection, &CellSelection::inspectedTextChanged, m_inspector, &InspectorPanel::show);
    connect(m_head, &QSpinBox::valueChanged, this, &MainWindow::updatePages);
    connect(m_layer, &QSpinBox::valueChanged, this, &MainWindow::requestCompute);
    connect(m_walkthrough, &WalkthroughPanel::pageRequested, this, [this](const QString& id) {
        m_pageFromWalkthrough = true;
        showPage(id);
        m_pageFromWalkthrough = false;
    });
    // Steps show their sessions in a sandbox that holds the user's own: no question, no loss.
    connect(m_walkthrough, &WalkthroughPanel::sessionChangeRequested, this,
            [this](const std::function<void(Session&)>& change) {
                Session session = m_document->session();
                change(session);
                m_sandbox->show(session, currentPageId());
            });
    connect(m_walkthrough, &WalkthroughPanel::sampleRequested, this, [this](const QString& path) {
        showStatus(m_sandbox->showSample(path, currentPageId()));
    });
    connect(m_walkthrough, &WalkthroughPanel::giveBackRequested, this,
            &MainWindow::leaveWalkthrough);
    connect(m_walkthrough, &WalkthroughPanel::trainingLabRequested, this,
            [this](const QString& path) { showTrainingLab()->openSample(path); });
    connect(m_sandbox, &WalkthroughSandbox::holdingChanged, m_walkthrough,
            &WalkthroughPanel::setHoldingUserSession);
    connect(this, &MainWindow::traceShown, m_walkthrough, &WalkthroughPanel::setTrace);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        // The step follows a page the user chose (a tab, a menu, --page), never the reverse.
        if (!m_pageFromWalkthrough)
            m_walkthrough->showStepOfPage(currentPageId(), m_document->session());
        m_stack->refreshCurrent();
        updateStage();
    });

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        fitToScreen();
    // First launch: the walkthrough in front. Every launch (and --present) starts at its
    // step 1, the tokens, as a lesson does; --page chooses another page and its step.
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray()))
        walkthroughDock->raise();
    showPage(QStringLiteral("tokens"));
    updateTitle();
    updateTabVisibility();
    requestCompute();
}

MainWindow::~MainWindow() = default;

void MainWindow::requestCompute()
{
    const Session& session = m_document->session();
    updateTabVisibility();
    if (modelSource(session) == ModelSource::Checkpoint &&
        !m_service->isModelLoaded(session.model)) {
        // Reading and checking a 500 MB checkpoint takes a moment: say what is happening.
        const QString loading =
            tr("Loading %1…").arg(QFileInfo(QString::fromStdString(session.model)).fileName());
        statusBar()->showMessage(loading);
        m_busy->setToolTip(loading);
    }
    m_service->requestLayer(session, m_startLayer.value_or(m_layer->value() - 1));
}

void MainWindow::setStartLayer(int layer)
{
    m_startLayer = layer;
    requestCompute();
}

std::shared_ptr<const ModelRun> MainWindow::modelRun() const
{
    return m_run && !m_run->trace->isSeedModule() ? m_run : nullptr;
}

void MainWindow::showRun(const std::shared_ptr<const ModelRun>& run, int layer)
{
    m_run = run;
    const ModelTrace& forward = *run->trace;
    m_controls->setModelRun(run);
    if (!forward.isSeedModule() && m_startLayer) {
        // The engine shows the last layer for a larger one: say so.
        if (*m_startLayer != layer)
            m_layerNotice =
                tr("Layer %1 does not exist: %2 has %3 layers; showing layer %4")
                    .arg(*m_startLayer + 1)
                    .arg(QFileInfo(QString::fromStdString(forward.model->path())).fileName())
                    .arg(forward.layers.size())
                    .arg(layer + 1);
        m_startLayer.reset();
    }
    {
        const int layers = forward.layerCount();
        const QSignalBlocker blocker(m_layer);
        m_layer->setRange(1, layers);
        m_layer->setSuffix(tr(" of %1").arg(layers));
        m_layer->setValue(layer + 1);
    }
    m_layerAction->setVisible(!forward.isSeedModule());
    updateTabVisibility();
    showTrace(forward.layers[std::size_t(layer)]);
}

void MainWindow::updateTabVisibility()
{
    // From the session, not the result: --page can choose a model page before it is computed.
    m_stack->showApplicable(modelSource(m_document->session()));
    m_pageBar->sync();
}

void MainWindow::chooseHead(int layer, int head)
{
    m_head->setValue(head + 1);
    m_layer->setValue(layer + 1); // recomputes that layer's trace
    showPage(QStringLiteral("weights"));
}

void MainWindow::showTrace(const std::shared_ptr<const Trace>& trace)
{
    m_trace = trace;
    statusBar()->clearMessage();
    if (!m_layerNotice.isEmpty())
        statusBar()->showMessage(std::exchange(m_layerNotice, QString()), 10000);
    m_busy->setToolTip(tr("Computing…"));
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
    m_status->setText(RunSummary::of(*m_run, *trace, m_layer->value()));
    Q_EMIT traceShown(trace);
}

void MainWindow::updatePages()
{
    if (m_trace) {
        const int head = std::min(m_head->value(), int(m_trace->heads.size())) - 1;
        m_stack->setInput({m_trace, m_run, m_layer->value() - 1, head});
        m_pageBar->sync(); // the input decides too (a GPT-2 layer has no RoPE page)
    }
    updateStage();
}

void MainWindow::updateStage()
{
    std::optional<Figure> main;
    // A model page is shown as it is (its thumbnails, bars and query choice are the point; its
    // export figure of 144 panels is not a slide).
    if (const Page* page = m_stack->current();
        isPresentationMode() && page && page->showsFigureAsSlide()) {
        // The step's figure (the causal mask's two methods), else the page's first, its main one.
        const std::vector<Figure> figures = currentPageFigures();
        const WalkthroughStep& step = m_walkthrough->steps()[std::size_t(m_walkthrough->step())];
        const int slide = WalkthroughCatalog::slideIndex(
            step.pageId == page->pageId() ? step : WalkthroughStep{}, figures);
        if (slide >= 0)
            main = figures[std::size_t(slide)];
    }
    m_stage->setFigure(main);
    m_stage->setVisible(main.has_value());
    m_tabs->setVisible(m_trace && !main.has_value()); // no run: the banner says why
}

QString MainWindow::currentPageId() const
{
    return m_stack->currentId();
}

void MainWindow::fitToScreen()
{
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1400, 900);
    // Room for the frame a window manager adds around it.
    const QSize frame(16, 40);
    resize(QSize(1400, 900).boundedTo(available.size() - frame).expandedTo(QSize(320, 240)));
    move(available.topLeft() + QPoint((available.width() - width() - frame.width()) / 2,
                                      (available.height() - height() - frame.height()) / 2));
}

void MainWindow::showIssue(const SessionIssue& issue)
{
    statusBar()->clearMessage();
    m_busy->setToolTip(tr("Computing…"));
    m_controls->showIssue(issue);
    // The pages keep the last session that could be computed while its model stays the same
    // (a sentence being typed); figures of another model (or of the seed module, for a
    // checkpoint that failed to open) would pass for the new one's: none are shown.
    if (m_trace && m_trace->session.model != m_document->session().model) {
        m_run.reset();
        m_trace.reset();
        m_stack->clear();
        m_status->clear();
        updateStage();
    }
    m_banner->setText(
        m_trace
            ? tr("This session cannot be computed: %1\nThe pages still show the last session that "
                 "could.")
                  .arg(issue.message)
            : tr("This session cannot be computed: %1").arg(issue.message));
    m_banner->setVisible(true);
}

void MainWindow::updateTitle()
{
    const QString name = m_document->filePath().isEmpty()
                             ? tr("Untitled")
                             : QFileInfo(m_document->filePath()).fileName();
    setWindowTitle(name + QStringLiteral("[*] — ") + tr("Attention Explorer"));
    setWindowModified(m_document->isModified());
}

void MainWindow::setPresentationMode(bool on)
{
    m_presentation->setActive(on);
    m_pageBar->setVisible(!on); // the walkthrough leads from page to page
    updateStage();
    if (!on && m_recoveryDeferred) {
        m_recoveryDeferred = false;
        QTimer::singleShot(0, this, &MainWindow::offerRecovery);
    }
}

bool MainWindow::isPresentationMode() const
{
    return m_presentation->isActive();
}

QString MainWindow::exportDeck(const QString& path, bool showProgress)
{
    const Session session = m_walkthrough->baseSession().value_or(m_document->session());
    return ExportActions::exportDeck(showProgress ? this : nullptr, session, deckExporter(), path);
}

DeckExporter MainWindow::deckExporter() const
{
    DeckExporter exporter;
    exporter.setQuery(m_walkthrough->query());
    // The walkthrough's steps vary the random module; a checkpoint has one set of weights, so
    // the deck shows the steps that apply to it on the selected layer, and the model's pages.
    exporter.setRun(m_run, m_layer->value() - 1);
    return exporter;
}

void MainWindow::showStatus(const QString& message)
{
    if (!message.isEmpty())
        statusBar()->showMessage(message, 5000);
}

bool MainWindow::showPage(const QString& id)
{
    Page* page = m_stack->find(id);
    if (!page)
        return false;
    m_tabs->setCurrentWidget(page->widget());
    // Also when the page was already shown: the session may have changed since (--page).
    if (!m_pageFromWalkthrough)
        m_walkthrough->showStepOfPage(id, m_document->session());
    return true;
}

void MainWindow::takeOver(const MainWindow& old)
{
    m_walkthrough->takeOver(*old.m_walkthrough);
    m_sandbox->takeOver(*old.m_sandbox);
    m_document->setSession(old.m_document->session(), old.m_document->filePath(),
                           old.m_document->isModified());
    if (old.isPresentationMode()) {
        restoreState(old.m_presentation->stateBefore());
    } else {
        restoreGeometry(old.saveGeometry());
        restoreState(old.saveState());
    }
    m_pageFromWalkthrough = true; // the step taken over already agrees with the page
    m_tabs->setCurrentIndex(old.m_tabs->currentIndex());
    m_pageFromWalkthrough = false;
    if (old.isPresentationMode())
        setPresentationMode(true);
}

std::vector<Figure> MainWindow::currentPageFigures() const
{
    const Page* page = m_stack->current();
    return page ? page->currentFigures() : std::vector<Figure>{};
}

} // namespace ae
