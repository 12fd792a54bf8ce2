#include "AblationPage.h"

#include "AnalysisTask.h"
#include "FigureWidget.h"
#include "HeadAnalysisFigures.h"
#include "ModelFigures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "NextTokenBars.h"
#include "PageLayout.h"
#include "TokenSpanText.h"
#include "TraceFigures.h"
#include "TransformerModel.h"
#include "WrappedLabel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace ae {

AblationPage::AblationPage(QWidget* parent)
    : ModelPage(parent), m_summary(new WrappedLabel(this)), m_kind(new QComboBox(this)),
      m_layer(new QSpinBox(this)), m_head(new QSpinBox(this)), m_before(new NextTokenBars(this)),
      m_after(new NextTokenBars(this)), m_afterTitle(new QLabel(this)),
      m_metric(new QComboBox(this)), m_everyHead(new QPushButton(tr("Ablate &every head"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_progress(new QProgressBar(this)),
      m_gridFigure(new FigureWidget(this)), m_singleTask(new AnalysisTask(this)),
      m_gridTask(new AnalysisTask(this))
{
    auto* explanation = new WrappedLabel(
        tr("To see what a head is for, take it out: its output is replaced by zeros (or by its "
           "average over the positions) before the layer's output projection, and the rest of "
           "the model runs as usual. If the next-token guess or the loss on the sentence "
           "changes a lot, the model relied on that head."),
        this);
    m_kind->addItem(tr("zero: its output set to 0"));
    m_kind->addItem(tr("mean: its output set to its average over the positions"));
    m_metric->addItem(tr("loss change"));
    m_metric->addItem(tr("KL of the next token"));
    m_layer->setPrefix(tr("layer "));
    m_head->setPrefix(tr("head "));
    m_progress->setVisible(false);
    m_cancel->setVisible(false);

    auto* kindRow = controlRow(this, {{tr("&Ablation:"), m_kind}});
    auto* headRow = controlRow(this, {{tr("&Head:"), m_layer}, {QString(), m_head}});
    auto* bars = new QGridLayout;
    bars->addWidget(new QLabel(tr("Next token, the model as it is"), this), 0, 0);
    bars->addWidget(m_afterTitle, 0, 1);
    bars->addWidget(m_before, 1, 0);
    bars->addWidget(m_after, 1, 1);
    auto* runRow = controlRow(
        this, {{QString(), m_everyHead}, {QString(), m_progress}, {QString(), m_cancel}});
    auto* metricRow = controlRow(this, {{tr("&Grid shows:"), m_metric}});
    m_gridFigure->setMinimumHeight(fontMetrics().height() * 18);

    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(explanation);
    column->addLayout(kindRow);
    column->addLayout(headRow);
    column->addWidget(m_summary);
    column->addLayout(bars);
    column->addSpacing(12);
    column->addLayout(runRow);
    column->addLayout(metricRow);
    column->addWidget(m_gridFigure, 1);
    scrollContent(this, content);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        m_gridTask->cancel();
        m_grid.reset();
        showGrid();
        ablateChosen();
    });
    connect(m_layer, &QSpinBox::valueChanged, this, [this] { ablateChosen(); });
    connect(m_head, &QSpinBox::valueChanged, this, [this] { ablateChosen(); });
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] { showGrid(); });
    connect(m_everyHead, &QPushButton::clicked, this, [this] { ablateEveryHead(); });
    connect(m_cancel, &QPushButton::clicked, m_gridTask, &AnalysisTask::cancel);
    connect(m_gridTask, &AnalysisTask::progressed, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_gridTask, &AnalysisTask::runningChanged, this, [this](bool running) {
        m_progress->setVisible(running);
        m_cancel->setVisible(running);
        m_everyHead->setEnabled(!running);
    });
    connect(m_gridFigure, &FigureWidget::cellClicked, this,
            [this](int, int row, int col) { chooseHead(row, col); });
}

AblationPage::~AblationPage() = default;

void AblationPage::setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head)
{
    const bool newRun = run != m_run;
    m_run = run;
    if (newRun) {
        m_gridTask->cancel();
        m_base.reset();
        m_single.reset();
        m_grid.reset();
        showGrid();
    }
    if (run) {
        const QSignalBlocker layerBlocker(m_layer), headBlocker(m_head);
        m_layer->setRange(1, run->trace->layerCount());
        m_head->setRange(1, run->trace->headCount());
        m_layer->setValue(layer + 1);
        m_head->setValue(head + 1);
    }
    ablateChosen();
}

void AblationPage::chooseHead(int layer, int head)
{
    const QSignalBlocker layerBlocker(m_layer), headBlocker(m_head);
    m_layer->setValue(layer + 1);
    m_head->setValue(head + 1);
    ablateChosen();
}

AblationKind AblationPage::kind() const
{
    return m_kind->currentIndex() == 1 ? AblationKind::Mean : AblationKind::Zero;
}

bool AblationPage::isUpdatePending() const
{
    return m_singleTask->isRunning() || m_gridTask->isRunning();
}

void AblationPage::ablateChosen()
{
    if (!m_run || m_run->trace->tokenCount() < 2) {
        m_singleTask->cancel();
        m_single.reset();
        showSingle();
        return;
    }
    const std::shared_ptr<const ModelTrace> trace = m_run->trace;
    const std::optional<Prediction> known = m_base;
    const int layer = m_layer->value() - 1, head = m_head->value() - 1;
    const AblationKind how = kind();
    m_summary->setText(tr("Ablating layer %1, head %2…").arg(layer + 1).arg(head + 1));
    m_singleTask->start([this, trace, known, layer, head, how](const AnalysisProgress&) {
        const Prediction base = known ? *known : basePrediction(*trace);
        AblationResult result = ablateHead(*trace, base, how, layer, head);
        return std::function<void()>([this, base, result = std::move(result)] {
            m_base = base;
            m_single = result;
            showSingle();
        });
    });
}

void AblationPage::ablateEveryHead()
{
    if (!m_run || m_run->trace->tokenCount() < 2)
        return;
    const std::shared_ptr<const ModelTrace> trace = m_run->trace;
    const AblationKind how = kind();
    m_progress->setRange(0, trace->layerCount() * trace->headCount());
    m_progress->setValue(0);
    m_gridTask->start([this, trace, how](const AnalysisProgress& progress) {
        std::optional<AblationGrid> grid = ae::ablateEveryHead(*trace, how, progress);
        return std::function<void()>([this, grid = std::move(grid)] {
            m_grid = grid;
            showGrid();
        });
    });
}

void AblationPage::showSingle()
{
    const auto labelled = [this](const std::vector<NextToken>& tokens, QStringList& labels,
                                 std::vector<float>& values) {
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            labels << QStringLiteral("%1.  %2").arg(i + 1).arg(
                visibleTokenText(modelTokenBytes(*m_run->trace->model, tokens[i].id)));
            values.push_back(tokens[i].prob);
        }
    };
    QStringList beforeLabels, afterLabels;
    std::vector<float> beforeValues, afterValues;
    if (m_run && m_base && m_single) {
        labelled(m_base->nextTokens, beforeLabels, beforeValues);
        labelled(m_single->prediction.nextTokens, afterLabels, afterValues);
        const double change = m_single->prediction.loss - m_base->loss;
        m_summary->setText(
            tr("Loss on the sentence (mean cross-entropy of each next token): %1 → %2 (%3%4). "
               "KL(as it is ‖ ablated) of the next token: %5.")
                .arg(m_base->loss, 0, 'f', 4)
                .arg(m_single->prediction.loss, 0, 'f', 4)
                .arg(change >= 0 ? QStringLiteral("+") : QString())
                .arg(change, 0, 'f', 4)
                .arg(m_single->kl, 0, 'g', 4));
    } else if (m_run && m_run->trace->tokenCount() < 2) {
        m_summary->setText(tr("Ablation needs at least two tokens: the loss is measured on the "
                              "tokens after the first."));
    }
    m_afterTitle->setText(
        tr("Next token, layer %1 head %2 ablated").arg(m_layer->value()).arg(m_head->value()));
    m_before->setRows(beforeLabels, beforeValues);
    m_after->setRows(afterLabels, afterValues);
    Q_EMIT figuresShown();
}

void AblationPage::showGrid()
{
    if (!m_grid) {
        m_gridFigure->setFigure({});
        Q_EMIT figuresShown();
        return;
    }
    const auto metric = m_metric->currentIndex() == 1 ? analysisfigures::AblationMetric::Kl
                                                      : analysisfigures::AblationMetric::LossChange;
    HeatmapSpec spec = analysisfigures::ablationGrid(*m_grid, metric);
    const QString name = QStringLiteral("14-") + spec.tensorName;
    m_gridFigure->setFigure(figures::single(std::move(spec), name));
    Q_EMIT figuresShown();
}

void AblationPage::release()
{
    m_singleTask->cancel();
    m_gridTask->cancel();
    m_run.reset();
    m_base.reset();
    m_single.reset();
    m_grid.reset();
    m_gridFigure->setFigure({});
}

std::vector<Figure> AblationPage::currentFigures() const
{
    std::vector<Figure> figures;
    if (m_run && m_base && m_single) {
        const TransformerModel& model = *m_run->trace->model;
        Figure bars;
        bars.name = QStringLiteral("14-ablation_next_token-layer%1-head%2")
                        .arg(figures::fileNumber(m_layer->value(), m_layer->maximum()),
                             figures::fileNumber(m_head->value(), m_head->maximum()));
        bars.title = m_afterTitle->text();
        bars.columns = 2;
        bars.panels.push_back(
            modelfigures::nextTokens(model, m_base->nextTokens, 1.0).panels.front());
        bars.panels.push_back(
            modelfigures::nextTokens(model, m_single->prediction.nextTokens, 1.0).panels.front());
        bars.panels[1].title = m_afterTitle->text();
        figures.push_back(std::move(bars));
    }
    if (m_grid && !m_gridFigure->figure().panels.empty())
        figures.push_back(m_gridFigure->figure());
    return figures;
}

} // namespace ae
