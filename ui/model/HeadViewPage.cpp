#include "HeadViewPage.h"

#include "FigureWidget.h"
#include "ModelFigures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "TokenItems.h"
#include "TokenSpanText.h"
#include "WrappedLabel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ae {

HeadViewPage::HeadViewPage(QWidget* parent)
    : ModelPage(parent), m_explanation(new WrappedLabel(this)), m_query(new QComboBox(this)),
      m_keys(new QComboBox(this)), m_keysNote(new WrappedLabel(this)),
      m_figure(new FigureWidget(this))
{
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
    // (the items are refilled with every forward), on the GUI thread. Ten characters leave
    // the window narrow enough for an 800 px screen beside the keys choice.
    m_query->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_query->setMinimumContentsLength(10);
    m_query->setMaxVisibleItems(20);
    queryRow->addWidget(queryLabel);
    queryRow->addWidget(m_query);
    auto* keysLabel = new QLabel(tr("&Keys:"), this);
    keysLabel->setBuddy(m_keys);
    m_keys->addItem(tr("the strongest of each head"));
    m_keys->addItem(tr("every key"));
    m_keys->setToolTip(tr("With many tokens, a row of every key has cells a pixel wide: the "
                          "strongest keys of each head can be read"));
    queryRow->addSpacing(12);
    queryRow->addWidget(keysLabel);
    queryRow->addWidget(m_keys);
    queryRow->addStretch(1);
    m_keysNote->setVisible(false);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_figure);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_explanation);
    layout->addLayout(queryRow);
    layout->addWidget(m_keysNote);
    layout->addWidget(scroll, 1);
    connect(m_query, &QComboBox::currentIndexChanged, this, [this] { render(); });
    connect(m_keys, &QComboBox::currentIndexChanged, this, [this] { render(); });
}

void HeadViewPage::setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head)
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
        if (!run || run->trace->model != m_listedModel.lock())
            m_listedIds.clear(); // another model's ids spell other tokens
        m_listedModel = run ? run->trace->model : nullptr;
        updateTokenItems<std::int64_t>(
            m_query, m_listedIds, run ? run->trace->tokenIds : std::vector<std::int64_t>{},
            [&run](int i) {
                return QStringLiteral("%1: %2").arg(i + 1).arg(visibleTokenText(
                    modelTokenBytes(*run->trace->model, run->trace->tokenIds[std::size_t(i)])));
            });
        m_query->setCurrentIndex(wasLast ? m_query->count() - 1
                                         : std::min(previous, m_query->count() - 1));
    }
    if (changed)
        render();
}

void HeadViewPage::release()
{
    m_run.reset(); // the query chosen stays, for the next forward
    m_current.reset();
    m_figure->setFigure({});
}

void HeadViewPage::render()
{
    const int query = m_query->currentIndex();
    if (!m_run || query < 0) {
        m_current.reset();
        m_figure->setFigure({});
        m_keysNote->setVisible(false);
        return;
    }
    const ModelTrace& trace = *m_run->trace;
    const bool many = query + 1 > modelfigures::MaxHeadViewKeys;
    m_keys->setEnabled(many);
    const auto keys = m_keys->currentIndex() == 1 ? modelfigures::HeadViewKeys::All
                                                  : modelfigures::HeadViewKeys::Strongest;
    const Figure figure = modelfigures::headView(trace, m_layer, query, keys);
    const auto shown = figure.panels.front().matrix->cols();
    if (many && keys == modelfigures::HeadViewKeys::Strongest)
        m_keysNote->setText(
            tr("Token %1 may see %2 keys, too many to read side by side: shown are the %3 keys "
               "that some head weighs among its %4 strongest, in sentence order, each labelled "
               "with its position. \"head 3 · 82 %\" means these keys hold 82 % of head 3's "
               "attention; choose \"every key\" for all of them.")
                .arg(query + 1)
                .arg(query + 1)
                .arg(shown)
                .arg(modelfigures::strongestPerHead(trace.headCount())));
    else if (many)
        m_keysNote->setText(tr("All %1 keys: at this size a cell is narrower than a pixel and the "
                               "tokens cannot be labelled; zoom in (Ctrl+wheel) or choose \"the "
                               "strongest of each head\".")
                                .arg(query + 1));
    m_keysNote->setVisible(many);
    // Square cells fill the page's width, so 40 keys beside docked panels would make rows
    // 9 px high and thin out the heads' labels: a readable least size instead, and the scroll
    // area scrolls. Every key of a long sentence stays fitted to the page (zoom to read it).
    const int columns = int(shown);
    if (columns <= modelfigures::MaxHeadViewKeys) {
        const int cell = fontMetrics().height() + 4;
        m_figure->setMinimumSize(columns * cell + 16 * cell, trace.headCount() * cell + 12 * cell);
    } else {
        m_figure->setMinimumSize(0, 0);
    }
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
