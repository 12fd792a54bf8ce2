#include "HeadViewPage.h"

#include "FigureWidget.h"
#include "Gpt2Attention.h"
#include "Gpt2Encoding.h"
#include "Gpt2Run.h"
#include "Gpt2Trace.h"
#include "TokenSpanText.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ae {

HeadViewPage::HeadViewPage(QWidget* parent)
    : ModelPage(parent), m_explanation(new QLabel(this)), m_query(new QComboBox(this)),
      m_figure(new FigureWidget(this))
{
    m_explanation->setWordWrap(true);
    m_explanation->setText(
        tr("Where one token looks, head by head (BertViz's head view): each row is a head of the "
           "selected layer, each column a token the query may see; the darker the cell, the "
           "more of the query's attention that key gets (each head on its own scale). Heads "
           "rarely agree: one looks at the previous token, one at the first, one at a related "
           "word."));
    auto* queryRow = new QHBoxLayout;
    auto* queryLabel = new QLabel(tr("&Query token:"), this);
    queryLabel->setBuddy(m_query);
    // A fixed width: AdjustToContents measured every token's text again on each keystroke
    // (the items are refilled with every forward), on the GUI thread.
    m_query->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_query->setMinimumContentsLength(24);
    m_query->setMaxVisibleItems(20);
    queryRow->addWidget(queryLabel);
    queryRow->addWidget(m_query);
    queryRow->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_figure);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_explanation);
    layout->addLayout(queryRow);
    layout->addWidget(scroll, 1);
    connect(m_query, &QComboBox::currentIndexChanged, this, [this] { render(); });
}

void HeadViewPage::setRun(const std::shared_ptr<const Gpt2Run>& run, int layer, int head)
{
    const bool newRun = run != m_run;
    const bool changed = newRun || layer != m_layer || head != m_head;
    m_run = run;
    m_layer = layer;
    m_head = head;
    if (newRun) {
        const QSignalBlocker blocker(m_query);
        const int previous = m_query->currentIndex();
        const bool wasLast = previous < 0 || previous == m_query->count() - 1;
        m_query->clear();
        if (run)
            for (std::size_t i = 0; i < run->trace->tokenIds.size(); ++i)
                m_query->addItem(QStringLiteral("%1: %2").arg(i + 1).arg(
                    visibleTokenText(gpt2TokenBytes(run->trace->tokenIds[i]))));
        m_query->setCurrentIndex(wasLast ? m_query->count() - 1
                                         : std::min(previous, m_query->count() - 1));
    }
    if (changed)
        render();
}

void HeadViewPage::render()
{
    const int query = m_query->currentIndex();
    if (!m_run || query < 0) {
        m_current.reset();
        m_figure->setFigure({});
        return;
    }
    const Gpt2Trace& trace = *m_run->trace;
    const int heads = trace.headCount();
    auto weights = std::make_shared<Matrix>(heads, query + 1);
    for (int h = 0; h < heads; ++h)
        weights->row(h) = gpt2AttnRow(trace, m_layer, h, query);

    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("attn_weights_query%1").arg(query + 1);
    const QString token = visibleTokenText(gpt2TokenBytes(trace.tokenIds[std::size_t(query)]));
    spec.title = tr("Layer %1: where \"%2\" (token %3) attends, per head")
                     .arg(m_layer + 1)
                     .arg(token)
                     .arg(query + 1);
    spec.operation = tr("row %1 of softmax(q·kᵀ / √%2) of every head : (%3 heads × %4 keys)")
                         .arg(query + 1)
                         .arg(trace.headDim())
                         .arg(heads)
                         .arg(query + 1);
    spec.matrix = weights;
    for (int h = 0; h < heads; ++h)
        spec.rowLabels << tr("head %1").arg(h + 1);
    for (int j = 0; j <= query; ++j)
        spec.columnLabels << visibleTokenText(gpt2TokenBytes(trace.tokenIds[std::size_t(j)]));
    spec.rowAxisTitle = tr("head");
    spec.columnAxisTitle = tr("key token");
    spec.columnAxis = AxisKind::KeyTokens;
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::make_pair(0.0f, 1.0f);
    spec.scale = ScaleMode::PerRow;
    Figure figure;
    figure.name = QStringLiteral("head_view_layer%1_query%2").arg(m_layer + 1).arg(query + 1);
    figure.panels.push_back(std::move(spec));
    m_current = figure;
    m_figure->setFigure(figure);
    m_figure->setHighlight(m_head, std::nullopt);
}

std::vector<Figure> HeadViewPage::currentFigures() const
{
    if (!m_current)
        return {};
    return {*m_current};
}

} // namespace ae
