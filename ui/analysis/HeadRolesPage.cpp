#include "HeadRolesPage.h"

#include "AnalysisTask.h"
#include "FigureWidget.h"
#include "InductionProbe.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "PageLayout.h"
#include "TransformerForward.h"
#include "TransformerModel.h"
#include "WrappedLabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace ae {

namespace {

constexpr int RankedHeads = 20;
// Heads of longer texts are opened off the GUI thread (their weights are derived whole).
constexpr Eigen::Index BackgroundHeadTokens = 256;

} // namespace

HeadRolesPage::HeadRolesPage(QWidget* parent)
    : ModelPage(parent), m_input(new QComboBox(this)), m_probeSeed(new QSpinBox(this)),
      m_probeLength(new QSpinBox(this)), m_score(new QComboBox(this)),
      m_excludeBos(new QCheckBox(tr("Leave out the first token"), this)),
      m_excludeCurrent(new QCheckBox(tr("Leave out the token itself"), this)),
      m_status(new WrappedLabel(this)), m_grid(new FigureWidget(this)),
      m_rankBy(new QComboBox(this)), m_ranking(new QTreeWidget(this)),
      m_head(new FigureWidget(this)), m_task(new AnalysisTask(this)),
      m_openTask(new AnalysisTask(this))
{
    auto* explanation = new WrappedLabel(
        tr("What does each head do? A detector compares a head's attention with a pattern: "
           "the previous token, an earlier copy of the same token, or the token after an "
           "earlier copy (an induction head, which lets a model continue a sequence it has seen "
           "before). A score near 1 means the head attends as the pattern says. Click a head to "
           "see its weights with the pattern framed."),
        this);
    m_input->addItem(tr("the sentence"));
    m_input->addItem(tr("the induction probe"));
    m_input->setToolTip(tr("The induction probe: the first token, then random tokens r, then r "
                           "again. In the second copy an induction head looks at the token that "
                           "followed the same token in the first."));
    m_probeSeed->setRange(0, 1'000'000'000);
    m_probeSeed->setValue(0);
    m_probeLength->setRange(2, DefaultProbeLength);
    m_probeLength->setValue(DefaultProbeLength);
    m_score->addItem(tr("share of attention on the pattern (mul)"));
    m_score->addItem(tr("closeness to the pattern (abs)"));
    m_excludeBos->setToolTip(tr("exclude_bos: many heads park attention on the first token; "
                                "leave that column out of the score"));
    m_excludeCurrent->setToolTip(
        tr("exclude_current_token: leave the diagonal (a token attending to itself) out"));
    for (const HeadPattern pattern : AllHeadPatterns)
        m_rankBy->addItem(analysisfigures::patternTitle(pattern));
    m_rankBy->setCurrentIndex(int(HeadPattern::Induction));
    m_ranking->setColumnCount(3);
    m_ranking->setHeaderLabels({tr("rank"), tr("head"), tr("score")});
    m_ranking->setRootIsDecorated(false);
    m_ranking->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    fitRankingToFont();

    auto* inputRow = controlRow(this, {{tr("&Input:"), m_input}});
    auto* probeRow =
        controlRow(this, {{tr("probe &seed:"), m_probeSeed}, {tr("&length:"), m_probeLength}});
    auto* scoreRow = controlRow(this, {{tr("S&core:"), m_score}});
    auto* excludeRow = controlRow(this, {{QString(), m_excludeBos}, {QString(), m_excludeCurrent}});

    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(explanation);
    for (QLayout* layout :
         std::initializer_list<QLayout*>{inputRow, probeRow, scoreRow, excludeRow})
        column->addLayout(layout);
    column->addWidget(m_status);
    auto* grid = new QGridLayout;
    auto* rankLabel = new QLabel(tr("&Ranked by:"), content);
    rankLabel->setBuddy(m_rankBy);
    auto* rankColumn = new QVBoxLayout;
    rankColumn->addWidget(rankLabel);
    rankColumn->addWidget(m_rankBy);
    rankColumn->addWidget(m_ranking, 1);
    grid->addWidget(m_grid, 0, 0);
    grid->addLayout(rankColumn, 0, 1);
    grid->addWidget(m_head, 1, 0, 1, 2);
    grid->setColumnStretch(0, 1);
    grid->setRowStretch(1, 1);
    column->addLayout(grid, 1);
    m_grid->setMinimumHeight(fontMetrics().height() * 16);
    m_head->setMinimumHeight(fontMetrics().height() * 24);
    scrollContent(this, content);

    const auto recompute = [this] { compute(); };
    connect(m_input, &QComboBox::currentIndexChanged, this, [this] {
        const bool probe = m_input->currentIndex() == 1;
        m_probeSeed->setEnabled(probe);
        m_probeLength->setEnabled(probe);
        compute();
    });
    connect(m_probeSeed, &QSpinBox::valueChanged, this, recompute);
    connect(m_probeLength, &QSpinBox::valueChanged, this, recompute);
    connect(m_excludeBos, &QCheckBox::toggled, this, recompute);
    connect(m_excludeCurrent, &QCheckBox::toggled, this, recompute);
    connect(m_score, &QComboBox::currentIndexChanged, this, [this] { render(); });
    connect(m_rankBy, &QComboBox::currentIndexChanged, this, [this] { fillRanking(); });
    connect(m_grid, &FigureWidget::cellClicked, this, [this](int panel, int row, int col) {
        if (panel >= 0 && panel < int(AllHeadPatterns.size()))
            openHead(AllHeadPatterns[std::size_t(panel)], row, col);
    });
    connect(m_ranking, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item)
            openHead(HeadPattern(m_rankBy->currentIndex()), item->data(1, Qt::UserRole).toInt(),
                     item->data(2, Qt::UserRole).toInt());
    });
    connect(m_task, &AnalysisTask::progressed, this, [this](int done, int total) {
        m_status->setText(tr("Scoring the heads: layer %1 of %2…").arg(done).arg(total));
    });
    m_probeSeed->setEnabled(false);
    m_probeLength->setEnabled(false);
}

HeadRolesPage::~HeadRolesPage() = default;

// Rank, "layer 12 · head 12" and a score side by side, at the page's font: presentation mode
// and zoom enlarge it, and a width fixed at the first font clipped the scores.
void HeadRolesPage::fitRankingToFont()
{
    m_ranking->setMinimumWidth(fontMetrics().horizontalAdvance(u'M') * 18);
}

void HeadRolesPage::changeEvent(QEvent* event)
{
    ModelPage::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitRankingToFont();
}

void HeadRolesPage::setRun(const std::shared_ptr<const ModelRun>& run, int, int)
{
    if (run == m_run)
        return;
    m_run = run;
    if (run) {
        // [bos] + r + r must fit the context.
        const int longest = std::max(2, (run->trace->model->config().nCtx - 1) / 2);
        const QSignalBlocker blocker(m_probeLength);
        m_probeLength->setMaximum(longest);
    }
    compute();
}

bool HeadRolesPage::isUpdatePending() const
{
    return m_task->isRunning() || m_openTask->isRunning();
}

void HeadRolesPage::compute()
{
    if (!m_run) {
        m_task->cancel();
        m_detection.reset();
        m_trace.reset();
        render();
        return;
    }
    const std::shared_ptr<const ModelTrace> sentence = m_run->trace;
    const bool probe = m_input->currentIndex() == 1;
    const int seed = m_probeSeed->value(), length = m_probeLength->value();
    DetectorOptions options;
    options.excludeBos = m_excludeBos->isChecked();
    options.excludeCurrentToken = m_excludeCurrent->isChecked();
    m_status->setText(tr("Scoring the heads…"));
    // The shown detection's sums of an unchanged prefix are kept (heads.md's detectors, resumed).
    m_task->start([this, sentence, probe, seed, length, options, previous = m_detection](
                      const AnalysisProgress& progress) -> std::function<void()> {
        std::shared_ptr<const ModelTrace> trace = sentence;
        if (probe) {
            const std::int64_t vocab = sentence->model->config().vocabSize;
            trace = transformerForward(
                sentence->model,
                inductionProbe(vocab, length, std::uint64_t(seed), probeBos(vocab)));
        }
        std::optional<HeadDetection> detection =
            detectHeads(*trace, options, progress, previous.get());
        auto shared =
            detection ? std::make_shared<const HeadDetection>(std::move(*detection)) : nullptr;
        return [this, trace, shared] {
            m_trace = trace;
            m_detection = shared;
            render();
        };
    });
}

analysisfigures::DetectorScore HeadRolesPage::score() const
{
    return m_score->currentIndex() == 1 ? analysisfigures::DetectorScore::Abs
                                        : analysisfigures::DetectorScore::Mul;
}

void HeadRolesPage::render()
{
    if (!m_detection) {
        m_gridFigure.reset();
        m_headFigure.reset();
        m_grid->setFigure({});
        m_head->setFigure({});
        m_ranking->clear();
        if (m_trace && m_trace->tokenCount() < 2)
            m_status->setText(tr("A detector needs at least two tokens: type a longer sentence "
                                 "or choose the induction probe."));
        Q_EMIT figuresShown();
        return;
    }
    m_status->setText(
        m_input->currentIndex() == 1
            ? tr("The induction probe: %1 tokens (the first token, %2 random ones, the same "
                 "again).")
                  .arg(m_trace->tokenCount())
                  .arg(m_probeLength->value())
            : tr("The sentence: %1 tokens.").arg(m_trace->tokenCount()));
    m_gridFigure = analysisfigures::detectors(*m_detection, score());
    m_grid->setFigure(*m_gridFigure);
    fillRanking();
    if (m_opened && m_opened->layer < m_detection->layers && m_opened->head < m_detection->heads)
        openHead(m_opened->pattern, m_opened->layer, m_opened->head);
    Q_EMIT figuresShown();
}

void HeadRolesPage::fillRanking()
{
    const QSignalBlocker blocker(m_ranking);
    m_ranking->clear();
    if (!m_detection)
        return;
    const std::vector<RankedHead> ranked =
        rankHeads(*m_detection, HeadPattern(m_rankBy->currentIndex()),
                  score() == analysisfigures::DetectorScore::Abs);
    for (int rank = 0; rank < std::min<int>(RankedHeads, int(ranked.size())); ++rank) {
        const RankedHead& r = ranked[std::size_t(rank)];
        auto* item = new QTreeWidgetItem(m_ranking);
        item->setText(0, QString::number(rank + 1));
        item->setText(1, tr("layer %1 · head %2").arg(r.layer + 1).arg(r.head + 1));
        item->setData(1, Qt::UserRole, r.layer);
        item->setData(2, Qt::UserRole, r.head);
        item->setText(2, QString::number(r.score, 'f', 3));
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
    }
}

void HeadRolesPage::openHead(HeadPattern pattern, int layer, int head)
{
    if (!m_trace || layer < 0 || head < 0 || layer >= m_trace->layerCount() ||
        head >= m_trace->headCount())
        return;
    m_opened = Opened{pattern, layer, head};
    m_grid->setHighlight(int(pattern), layer, head);
    const std::shared_ptr<const ModelTrace> trace = m_trace;
    if (trace->tokenCount() <= BackgroundHeadTokens) {
        m_headFigure = analysisfigures::headWithPattern(trace, layer, head, pattern);
        m_head->setFigure(*m_headFigure);
        Q_EMIT figuresShown();
        return;
    }
    // A long text's head: its T x T weights are derived off the GUI thread.
    m_openTask->start([this, trace, pattern, layer, head](const AnalysisProgress&) {
        Figure figure = analysisfigures::headWithPattern(trace, layer, head, pattern);
        return std::function<void()>([this, figure = std::move(figure)] {
            m_headFigure = figure;
            m_head->setFigure(figure);
            Q_EMIT figuresShown();
        });
    });
}

void HeadRolesPage::release()
{
    m_task->cancel();
    m_openTask->cancel();
    m_run.reset();
    m_trace.reset();
    m_detection.reset();
    m_gridFigure.reset();
    m_headFigure.reset();
    m_grid->setFigure({});
    m_head->setFigure({});
}

std::vector<Figure> HeadRolesPage::currentFigures() const
{
    std::vector<Figure> figures;
    for (const auto* figure : {&m_gridFigure, &m_headFigure})
        if (*figure)
            figures.push_back(**figure);
    return figures;
}

} // namespace ae
