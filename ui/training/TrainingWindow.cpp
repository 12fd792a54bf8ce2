#include "TrainingWindow.h"

#include "BookCheckpoint.h"
#include "CurveChart.h"
#include "ExportActions.h"
#include "FigureWidget.h"
#include "HeadAnalysisFigures.h"
#include "ThumbnailGrid.h"
#include "Trainer.h"
#include "TrainingFigures.h"
#include "TrainingForm.h"
#include "TrainingSession.h"
#include "TrainingWorker.h"
#include "TransformerModel.h"
#include "WrappedLabel.h"

#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolBar>
#include <QVBoxLayout>

#include <cmath>

namespace ae {

namespace {

// One colour per head (hue), the layer told by the line's dash.
QColor headColor(int head, int heads)
{
    return QColor::fromHsv(int(360.0 * head / std::max(1, heads)) % 360, 200, 200);
}

QScrollArea* scrolled(QWidget* content, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

} // namespace

TrainingWindow::TrainingWindow(QWidget* parent)
    : QMainWindow(parent), m_form(new TrainingForm(this)), m_worker(new TrainingWorker(this)),
      m_banner(new WrappedLabel(this)), m_lossChart(new CurveChart(this)),
      m_previousChart(new CurveChart(this)), m_inductionChart(new CurveChart(this)),
      m_replay(new QSlider(Qt::Horizontal, this)), m_replayLabel(new QLabel(this)),
      m_views(new QTabWidget(this)), m_grid(new ThumbnailGrid(this)),
      m_attention(new FigureWidget(this)), m_scores(new FigureWidget(this)),
      m_samples(new QTextBrowser(this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(this))
{
    setWindowTitle(tr("Training Lab — Attention Explorer"));
    setObjectName(QStringLiteral("trainingLab"));
    auto* formDock = new QDockWidget(tr("Training session"), this);
    formDock->setObjectName(QStringLiteral("trainingSessionDock"));
    formDock->setWidget(scrolled(m_form, formDock));
    formDock->setFeatures(QDockWidget::DockWidgetMovable);
    addDockWidget(Qt::LeftDockWidgetArea, formDock);

    m_banner->setVisible(false);
    m_banner->setAutoFillBackground(true);
    m_banner->setContentsMargins(8, 6, 8, 6);
    m_banner->setStyleSheet(
        QStringLiteral("background: palette(highlight); color: palette(highlighted-text);"));

    m_lossChart->setTitle(tr("Loss (cross-entropy, nats)"));
    m_previousChart->setTitle(tr("Previous-token score of each head"));
    m_inductionChart->setTitle(tr("Induction score of each head"));
    for (CurveChart* chart : {m_previousChart, m_inductionChart})
        chart->setValueRange(std::pair(0.0, 1.0));
    auto* charts = new QWidget(this);
    auto* chartRow = new QHBoxLayout(charts);
    chartRow->setContentsMargins(0, 0, 0, 0);
    for (CurveChart* chart : {m_lossChart, m_previousChart, m_inductionChart})
        chartRow->addWidget(chart);

    m_attention->setObjectName(QStringLiteral("probeHead"));
    m_scores->setObjectName(QStringLiteral("headScores"));
    m_replay->setRange(0, 0);
    m_replay->setToolTip(tr("Replay: the attention and scores at each recorded step "
                            "(at the right end the view follows the training)"));
    m_replay->setAccessibleName(tr("Replay"));
    auto* replayRow = new QHBoxLayout;
    replayRow->addWidget(new QLabel(tr("Replay:"), this));
    replayRow->addWidget(m_replay, 1);
    replayRow->addWidget(m_replayLabel);

    auto* attention = new QWidget(this);
    auto* attentionRow = new QHBoxLayout(attention);
    attentionRow->setContentsMargins(0, 0, 0, 0);
    auto* gridColumn = new QVBoxLayout;
    auto* gridNote =
        new WrappedLabel(tr("Every layer × head on the probe: click one to see it whole."), this);
    gridColumn->addWidget(gridNote);
    gridColumn->addWidget(m_grid);
    gridColumn->addStretch(1);
    attentionRow->addLayout(gridColumn, 2);
    attentionRow->addWidget(scrolled(m_attention, attention), 3);
    m_views->addTab(attention, tr("Attention on the probe"));
    m_views->addTab(scrolled(m_scores, m_views), tr("Head scores"));
    m_samples->setPlaceholderText(
        tr("A text task writes here at each evaluation point: the probe's first tokens (grey), "
           "then the model's most probable next tokens, one after another."));
    m_views->addTab(m_samples, tr("Sample text"));

    auto* lower = new QWidget(this);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addLayout(replayRow);
    lowerLayout->addWidget(m_views, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(charts);
    splitter->addWidget(lower);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_banner);
    layout->addWidget(splitter, 1);
    setCentralWidget(central);

    m_progress->setMinimumWidth(180);
    m_progress->setMaximumWidth(240);
    m_progress->setFormat(tr("%v / %m steps"));
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    createActions();

    connect(m_worker, &TrainingWorker::progressed, this, &TrainingWindow::onProgress);
    connect(m_worker, &TrainingWorker::runningChanged, this, [this](bool running) {
        m_running = running;
        m_startAction->setText(running ? tr("&Pause") : tr("&Start"));
        updateStatus();
    });
    connect(m_worker, &TrainingWorker::failed, this, [this](const QString& message) {
        m_banner->setText(tr("Training stopped: %1").arg(message));
        m_banner->setVisible(true);
    });
    connect(m_worker, &TrainingWorker::saved, this, [this](const QString& dir, const QString& e) {
        if (!e.isEmpty()) {
            QMessageBox::warning(this, tr("Cannot Save Checkpoint"), e);
            m_pendingExplorerDir.clear();
            return;
        }
        statusBar()->showMessage(tr("Saved the checkpoint in %1").arg(dir), 8000);
        if (dir == std::exchange(m_pendingExplorerDir, QString()))
            Q_EMIT openModelRequested(dir);
    });
    connect(m_replay, &QSlider::valueChanged, this, &TrainingWindow::showReplay);
    connect(m_grid, &ThumbnailGrid::headChosen, this, [this](int layer, int head) {
        m_chosenHead = std::pair(layer, head);
        showReplay(m_replay->value());
    });
    connect(m_form, &TrainingForm::openTextRequested, this, &TrainingWindow::openTextFile);
    connect(m_form, &TrainingForm::changed, this, [this] {
        // Before the first step a change applies at once; later it waits for Reset.
        if (m_stepsDone == 0 && !m_running)
            reset();
        else
            statusBar()->showMessage(
                tr("The session changed: Reset (Ctrl+R) to train with the new values"));
    });
    formDock->setMinimumWidth(300);
    formDock->setMaximumWidth(420);
    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800);
    resize(QSize(1400, 900).boundedTo(available.size() - QSize(16, 40)));
    reset();
}

TrainingWindow::~TrainingWindow() = default;

bool TrainingWindow::checkSession()
{
    const std::vector<SessionIssue> issues = validateTrainingConfig(m_form->config());
    QStringList lines;
    for (const SessionIssue& issue : issues)
        lines << issue.message;
    m_banner->setText(
        tr("This session cannot be trained: %1").arg(lines.join(QStringLiteral("; "))));
    m_banner->setVisible(!issues.empty());
    return issues.empty();
}

QString TrainingWindow::issueText() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

void TrainingWindow::reset()
{
    if (!checkSession()) {
        m_worker->pause();
        m_configApplied = false; // Start trains nothing until the session is fixed
        return;
    }
    m_config = m_form->config();
    m_configApplied = true;
    m_stepsDone = 0;
    m_losses.clear();
    m_valLosses.clear();
    m_probes.clear();
    m_lossChart->setSteps(m_config.steps);
    m_lossChart->setSeries(
        {{tr("training"), palette().color(QPalette::Highlight), {}, false},
         {m_config.task == TrainingConfig::TaskKind::Text ? tr("validation") : QString(),
          QColor(0xd9, 0x5f, 0x02),
          {},
          true}});
    std::vector<CurveChart::Series> perHead;
    for (int l = 0; l < m_config.nLayers; ++l)
        for (int h = 0; h < m_config.nHeads; ++h)
            perHead.push_back({m_config.nLayers * m_config.nHeads <= 16
                                   ? tr("L%1 H%2").arg(l + 1).arg(h + 1)
                                   : QString(),
                               headColor(h, m_config.nHeads),
                               {},
                               l % 2 == 1});
    for (CurveChart* chart : {m_previousChart, m_inductionChart}) {
        chart->setSteps(m_config.steps);
        chart->setSeries(perHead);
        chart->setMarker(std::nullopt);
    }
    m_replay->setRange(0, 0);
    m_grid->setThumbnails(0, 0, std::vector<QImage>());
    m_samples->clear();
    m_attention->setFigure({});
    m_chosenHead.reset();
    m_scores->setFigure({});
    m_progress->setRange(0, std::max(1, m_config.steps));
    m_progress->setValue(0);
    m_generation = m_worker->reset(m_config);
    updateStatus();
}

void TrainingWindow::startOrPause()
{
    if (m_running) {
        m_worker->pause();
        return;
    }
    if (!m_configApplied) {
        reset();
        if (!m_configApplied)
            return;
    }
    if (m_stepsDone >= m_config.steps)
        reset(); // a finished run starts over
    m_worker->start();
}

void TrainingWindow::stepOnce()
{
    if (!m_running && m_configApplied)
        m_worker->stepOnce();
}

void TrainingWindow::onProgress(const TrainingProgress& progress)
{
    if (progress.generation != m_generation)
        return;
    if (progress.vocabulary)
        m_vocabulary = *progress.vocabulary;
    const int first = progress.stepsDone - int(progress.losses.size());
    for (std::size_t i = 0; i < progress.losses.size(); ++i) {
        m_losses.push_back(progress.losses[i]);
        m_lossChart->appendPoint(0, QPointF(first + int(i) + 1, progress.losses[i]));
    }
    for (const auto& [step, loss] : progress.valLoss) {
        m_valLosses.emplace_back(step, loss);
        m_lossChart->appendPoint(1, QPointF(step, loss));
    }
    m_stepsDone = progress.stepsDone;
    m_stepsPerSecond = progress.stepsPerSecond;
    for (const auto& probe : progress.probes)
        addProbe(probe);
    for (const TrainingSample& sample : progress.samples)
        m_samples->append(tr("<b>Step %1</b>: <span style=\"color:gray\">%2</span>%3")
                              .arg(sample.step)
                              .arg(QString::fromStdString(sample.prompt).toHtmlEscaped(),
                                   QString::fromStdString(sample.continuation).toHtmlEscaped()));
    m_progress->setValue(m_stepsDone);
    updateStatus();
}

void TrainingWindow::addProbe(const std::shared_ptr<const ProbeSnapshot>& probe)
{
    const bool following = m_replay->value() == m_replay->maximum();
    m_probes.push_back(probe);
    const auto& detection = probe->detection;
    for (int l = 0; l < probe->layers; ++l)
        for (int h = 0; h < probe->heads; ++h) {
            const int series = l * probe->heads + h;
            m_previousChart->appendPoint(
                series, QPointF(probe->step, detection.at(HeadPattern::PreviousToken, l, h).mul));
            m_inductionChart->appendPoint(
                series, QPointF(probe->step, detection.at(HeadPattern::Induction, l, h).mul));
        }
    {
        const QSignalBlocker blocker(m_replay);
        m_replay->setRange(0, int(m_probes.size()) - 1);
        if (following)
            m_replay->setValue(m_replay->maximum());
    }
    if (following || m_probes.size() == 1)
        showReplay(m_replay->value());
}

QStringList TrainingWindow::probeLabels(const ProbeSnapshot& probe) const
{
    QStringList labels;
    for (const std::int64_t id : probe.tokenIds)
        labels << (std::size_t(id) < m_vocabulary.size()
                       ? QString::fromStdString(m_vocabulary[std::size_t(id)])
                       : QString::number(id));
    return labels;
}

void TrainingWindow::showReplay(int index)
{
    if (index < 0 || index >= int(m_probes.size()))
        return;
    const auto& probe = m_probes[std::size_t(index)];
    m_replayLabel->setText(tr("step %1").arg(probe->step));
    // Until the user picks a head: the one that scores highest as an induction head now.
    const auto [layer, head] = m_chosenHead.value_or([&] {
        const std::vector<RankedHead> ranked = rankHeads(probe->detection, HeadPattern::Induction);
        return ranked.empty() ? std::pair(0, 0)
                              : std::pair(ranked.front().layer, ranked.front().head);
    }());
    m_grid->setThumbnails(probe->layers, probe->heads, probe->attnWeights);
    m_grid->setSelected(layer, head);
    m_attention->setFigure(trainingfigures::probeHead(probe, layer, head, probeLabels(*probe)));
    m_scores->setFigure(
        analysisfigures::detectors(probe->detection, analysisfigures::DetectorScore::Mul));
    for (CurveChart* chart : {m_lossChart, m_previousChart, m_inductionChart})
        chart->setMarker(probe->step);
}

void TrainingWindow::updateStatus()
{
    QString text = tr("Step %1 of %2").arg(m_stepsDone).arg(m_config.steps);
    if (!m_losses.empty())
        text += tr(" · loss %1").arg(double(m_losses.back()), 0, 'f', 4);
    if (!m_valLosses.empty())
        text += tr(" · validation %1").arg(double(m_valLosses.back().second), 0, 'f', 4);
    if (m_running && m_stepsPerSecond > 0) {
        const int left = int(std::ceil((m_config.steps - m_stepsDone) / m_stepsPerSecond));
        text += tr(" · %1 steps/s · %2:%3 left")
                    .arg(m_stepsPerSecond, 0, 'f', 1)
                    .arg(left / 60)
                    .arg(left % 60, 2, 10, QLatin1Char('0'));
    } else if (!m_running) {
        text += m_stepsDone >= m_config.steps && m_stepsDone > 0 ? tr(" · finished")
                                                                 : tr(" · paused (F5 trains)");
    }
    m_status->setText(text);
}

void TrainingWindow::closeEvent(QCloseEvent* event)
{
    m_worker->pause();
    event->accept();
}

} // namespace ae
