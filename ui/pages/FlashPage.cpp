#include "FlashPage.h"

#include "AttentionTraffic.h"
#include "CellSelection.h"
#include "FigureWidget.h"
#include "FlashAttention.h"
#include "FlashFigures.h"
#include "GuiFirst.h"
#include "HeadTensors.h"
#include "Trace.h"
#include "ViewJobs.h"
#include "WrappedLabel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QShortcut>
#include <QSlider>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace ae {

namespace {

// Results of longer texts than this (T x S) are built off the GUI thread: the standard kernel's
// weights are derived again for the comparison.
constexpr double BackgroundResultCells = 128.0 * 128.0;

bool hasFlash(const std::shared_ptr<const Trace>& trace, int head)
{
    return trace && head >= 0 && head < int(trace->heads.size()) &&
           trace->heads[std::size_t(head)].flash;
}

} // namespace

FlashPage::FlashPage(CellSelection* selection, QWidget* parent)
    : QScrollArea(parent), m_selection(selection)
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    auto* explanation = new WrappedLabel(
        tr("FlashAttention computes the same attention without ever writing the T×S scores to "
           "the GPU's large, slow memory: it takes a block of queries and walks over the keys a "
           "block at a time, keeping per row only the largest score so far (m) and the sum of "
           "the exponentials (ℓ). When a later tile holds a larger score, what was summed is "
           "rescaled by exp(m − m′). Tiles the mask hides entirely are skipped."),
        content);
    layout->addWidget(explanation);
    m_off =
        new WrappedLabel(tr("The standard kernel computes this session. Choose the kernel "
                            "\"flash\" under \"Today's attention\" in the session panel to step "
                            "through its tiles."),
                         content);
    m_off->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_off);

    m_body = new QWidget(content);
    auto* body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    auto* stepper = new QHBoxLayout;
    m_previous = new QPushButton(tr("◀ Previous tile"), m_body);
    m_previous->setToolTip(tr("The tile before ([)"));
    m_slider = new QSlider(Qt::Horizontal, m_body);
    m_slider->setAccessibleName(tr("Tile"));
    m_next = new QPushButton(tr("Next tile ▶"), m_body);
    m_next->setToolTip(tr("The next tile (])"));
    stepper->addWidget(m_previous);
    stepper->addWidget(m_slider, 1);
    stepper->addWidget(m_next);
    body->addLayout(stepper);
    m_stepLabel = new WrappedLabel(m_body);
    body->addWidget(m_stepLabel);
    m_tileFigure = new FigureWidget(m_body);
    body->addWidget(m_tileFigure);
    body->addSpacing(12);
    auto* resultHeading = new QLabel(tr("The result"), m_body);
    auto* resultText = new WrappedLabel(
        tr("After the last key block each row's O is divided by its ℓ. The sums ran in another "
           "order than the standard kernel's, so the two agree to float32 rounding, not bit for "
           "bit."),
        m_body);
    m_resultFigure = new FigureWidget(m_body);
    body->addWidget(resultHeading);
    body->addWidget(resultText);
    body->addWidget(m_resultFigure);
    body->addSpacing(12);
    auto* trafficHeading = new QLabel(tr("Memory traffic"), m_body);
    m_traffic = new WrappedLabel(m_body);
    m_traffic->setTextFormat(Qt::RichText);
    body->addWidget(trafficHeading);
    body->addWidget(m_traffic);
    m_headings = {resultHeading, trafficHeading};
    layout->addWidget(m_body);
    layout->addStretch(1);
    setWidget(content);
    updateFonts();

    connect(m_slider, &QSlider::valueChanged, this, [this] { showTile(); });
    connect(m_previous, &QPushButton::clicked, this, [this] { setStep(step() - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setStep(step() + 1); });
    auto* back = new QShortcut(QKeySequence(Qt::Key_BracketLeft), this);
    auto* forward = new QShortcut(QKeySequence(Qt::Key_BracketRight), this);
    back->setContext(Qt::WidgetWithChildrenShortcut);
    forward->setContext(Qt::WidgetWithChildrenShortcut);
    connect(back, &QShortcut::activated, m_previous, &QPushButton::click);
    connect(forward, &QShortcut::activated, m_next, &QPushButton::click);
    for (FigureWidget* figure : {m_tileFigure, m_resultFigure})
        connect(figure, &FigureWidget::cellHovered, this,
                [this, figure](int panel, int row, int col) {
                    if (panel >= 0 && panel < int(figure->figure().panels.size()))
                        m_selection->hover(figure->figure().panels[std::size_t(panel)], row, col);
                });
    connect(&m_watcher, &QFutureWatcher<BuiltResult>::finished, this, [this] {
        // A result of an older trace (the session changed meanwhile) is dropped.
        if (!m_watcher.isCanceled() && m_watcher.result().generation == m_generation)
            showResult(m_watcher.result().figure);
    });
    m_body->hide();
}

int FlashPage::step() const
{
    return m_slider->value();
}

int FlashPage::stepCount() const
{
    return hasFlash(m_trace, m_head) ? figures::flashTileCount(*m_trace, m_head) : 0;
}

void FlashPage::setStep(int step)
{
    m_slider->setValue(std::clamp(step, 0, std::max(0, stepCount() - 1)));
}

void FlashPage::showInput(const PageInput& input)
{
    const bool changed = input.trace != m_trace || input.head != m_head;
    m_trace = input.trace;
    m_head = input.head;
    if (!changed)
        return;
    const bool flash = hasFlash(m_trace, m_head);
    m_off->setVisible(!flash);
    m_body->setVisible(flash);
    ++m_generation;
    if (!flash) {
        m_tile.reset();
        m_result.reset();
        m_tileFigure->setFigure({});
        m_resultFigure->setFigure({});
        Q_EMIT figuresShown();
        return;
    }
    {
        // The same tile stays chosen while the session changes, as far as the new grid reaches.
        const QSignalBlocker blocker(m_slider);
        m_slider->setRange(0, stepCount() - 1);
    }
    showTile();
    updateTraffic();
    const auto trace = m_trace;
    const int head = m_head;
    if (double(trace->queryCount()) * double(trace->keyCount()) <= BackgroundResultCells) {
        showResult(figures::flashResult(trace, head));
        return;
    }
    const quint64 generation = m_generation;
    m_watcher.setFuture(QtConcurrent::run(viewJobs(), [trace, head, generation] {
        runBehindTheGui();
        return BuiltResult{generation, figures::flashResult(trace, head)};
    }));
}

void FlashPage::showTile()
{
    if (!hasFlash(m_trace, m_head))
        return;
    const int count = stepCount();
    const int current = step();
    const FlashTrace& f = *m_trace->heads[std::size_t(m_head)].flash;
    const Eigen::Index qb = current / f.keyBlocks, kb = current % f.keyBlocks;
    m_previous->setEnabled(current > 0);
    m_next->setEnabled(current + 1 < count);
    m_tile = figures::flashTile(m_trace, m_head, current);
    const Eigen::Index rows =
        std::min<Eigen::Index>(f.blockQ, m_trace->queryCount() - qb * f.blockQ);
    const Eigen::Index keys = std::min<Eigen::Index>(f.blockK, m_trace->keyCount() - kb * f.blockK);
    m_stepLabel->setText(
        f.isSkipped(qb, kb)
            ? tr("Tile %1 of %2 is skipped: the mask hides every one of its cells from every row, "
                 "so its keys and values are never read and m, ℓ and O stay as they were.")
                  .arg(current + 1)
                  .arg(count)
            : tr("Tile %1 of %2: the block's %3 queries against %4 keys. S and P stay on the "
                 "chip; only K_j and V_j are read from memory.")
                  .arg(current + 1)
                  .arg(count)
                  .arg(rows)
                  .arg(keys));
    m_tileFigure->setFigure(*m_tile);
    Q_EMIT figuresShown();
}

void FlashPage::showResult(std::optional<Figure> figure)
{
    m_result = std::move(figure);
    m_resultFigure->setFigure(m_result ? *m_result : Figure{});
    Q_EMIT figuresShown();
}

void FlashPage::updateTraffic()
{
    const Trace& trace = *m_trace;
    const FlashTrace& f = *trace.heads[std::size_t(m_head)].flash;
    const HeadOptions options = headOptions(trace, m_head);
    const Eigen::Index dk = headQueries(trace, m_head).cols(),
                       dv = headValues(trace, m_head).cols();
    HeadOptions causal;
    causal.causal = true;
    struct Row
    {
        QString what;
        AttentionTraffic traffic;
        int blockQ, blockK;
    };
    const std::vector<Row> rows{
        {tr("This session: T = %1, S = %2, d_k = %3, d_v = %4")
             .arg(trace.queryCount())
             .arg(trace.keyCount())
             .arg(dk)
             .arg(dv),
         attentionTraffic(trace.queryCount(), trace.keyCount(), dk, dv, f.blockQ, f.blockK,
                          options),
         f.blockQ, f.blockK},
        {tr("A GPT-2 head: T = 1024, d = 64, causal"),
         attentionTraffic(1024, 1024, 64, 64, f.blockQ, f.blockK, causal), f.blockQ, f.blockK},
        {tr("A GPT-2 head with tiles that fill a GPU's on-chip memory"),
         attentionTraffic(1024, 1024, 64, 64, 128, 128, causal), 128, 128},
    };
    const QLocale locale;
    QString html =
        QStringLiteral("<table cellspacing=\"0\" cellpadding=\"4\"><tr><th></th><th "
                       "align=\"right\">%1</th><th align=\"right\">%2</th><th "
                       "align=\"right\">%3</th></tr>")
            .arg(tr("standard kernel, floats"), tr("tiled kernel, floats"), tr("tiled / standard"));
    for (const Row& row : rows)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td "
                               "align=\"right\">%3</td><td align=\"right\">%4×</td></tr>")
                    .arg(row.what.toHtmlEscaped() + tr(" (tiles %1×%2, %3 computed, %4 skipped)")
                                                        .arg(row.blockQ)
                                                        .arg(row.blockK)
                                                        .arg(row.traffic.computedTiles)
                                                        .arg(row.traffic.skippedTiles),
                         locale.toString(qlonglong(row.traffic.standard)),
                         locale.toString(qlonglong(row.traffic.tiled)),
                         locale.toString(row.traffic.tiled / row.traffic.standard, 'f', 2));
    html += QStringLiteral("</table><p>") +
            tr("Floats moved between the GPU's large memory and the chip for one head, as the "
               "FlashAttention paper counts them: the standard kernel writes S, reads it back, "
               "writes P and reads it again (4·T·S); the tiled kernel reads each query block "
               "once and, for every tile it computes, that tile's keys and values. Small tiles "
               "read the keys and values too often: the saving needs tiles as large as the "
               "chip's memory allows.")
                .toHtmlEscaped() +
            QStringLiteral("</p>");
    m_traffic->setText(html);
}

void FlashPage::release()
{
    ++m_generation;
    m_watcher.cancel();
    m_trace.reset();
    m_tile.reset();
    m_result.reset();
    m_tileFigure->setFigure({});
    m_resultFigure->setFigure({});
}

std::vector<Figure> FlashPage::currentFigures() const
{
    std::vector<Figure> figures;
    if (m_tile)
        figures.push_back(*m_tile);
    if (m_result)
        figures.push_back(*m_result);
    return figures;
}

void FlashPage::changeEvent(QEvent* event)
{
    QScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateFonts();
}

void FlashPage::updateFonts()
{
    QFont headingFont = font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
    for (QLabel* heading : m_headings)
        heading->setFont(headingFont);
}

} // namespace ae
