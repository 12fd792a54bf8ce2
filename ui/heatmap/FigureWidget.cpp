#include "FigureWidget.h"

#include "HeatmapWidget.h"
#include "WrappedLabel.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ae {

FigureWidget::FigureWidget(QWidget* parent)
    : QWidget(parent), m_title(new WrappedLabel(this)), m_grid(new QGridLayout)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAlignment(Qt::AlignCenter);
    m_title->setTextFormat(Qt::PlainText);
    // A long title (the masking methods' agreement) wraps, never widens the page.
    m_title->setContentsMargins(0, 6, 0, 2);
    m_title->hide();
    m_grid->setSpacing(0);
    layout->addWidget(m_title);
    layout->addLayout(m_grid, 1);
}

HeatmapWidget* FigureWidget::panel(int index) const
{
    return index >= 0 && index < panelCount() ? m_panels[std::size_t(index)] : nullptr;
}

void FigureWidget::resizePanels(int count)
{
    while (panelCount() > count) {
        delete m_panels.back();
        m_panels.pop_back();
    }
    while (panelCount() < count) {
        auto* widget = new HeatmapWidget(this);
        // As tall as its width asks for (heightForWidth), never stretched to a taller box
        // with the cells centred in it: extra height goes to the page below the figure.
        widget->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        const int index = panelCount();
        connect(widget, &HeatmapWidget::cellHovered, this,
                [this, index](int row, int column) { Q_EMIT cellHovered(index, row, column); });
        connect(widget, &HeatmapWidget::cellClicked, this,
                [this, index](int row, int column) { Q_EMIT cellClicked(index, row, column); });
        m_panels.push_back(widget);
    }
}

int FigureWidget::fittingColumns() const
{
    const int wanted = std::clamp(m_figure.columns, 1, std::max(panelCount(), 1));
    int comfortable = fontMetrics().height() * ComfortableLines;
    for (const HeatmapWidget* panel : m_panels)
        comfortable = std::max(comfortable, panel->comfortableWidth());
    return std::clamp(width() / std::max(comfortable, 1), 1, wanted);
}

void FigureWidget::layoutPanels(int columns)
{
    for (HeatmapWidget* widget : m_panels)
        m_grid->removeWidget(widget);
    for (int i = 0; i < panelCount(); ++i)
        m_grid->addWidget(m_panels[std::size_t(i)], i / columns, i % columns);
    // Columns of equal width: a panel with wider colour-bar labels (percentages) does not
    // take room from its neighbours' titles.
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, c < columns ? 1 : 0);
    m_columns = columns;
}

void FigureWidget::setFigure(const Figure& figure)
{
    const int count = int(figure.panels.size());
    const bool samePanels = count == panelCount();
    m_figure = figure;
    resizePanels(count);
    for (int i = 0; i < count; ++i) // first: the columns depend on what the panels show
        m_panels[std::size_t(i)]->setSpec(figure.panels[std::size_t(i)]);
    if (const int columns = fittingColumns(); !samePanels || columns != m_columns)
        layoutPanels(columns);
    m_title->setText(figure.title);
    m_title->setVisible(!figure.title.isEmpty());
    setAccessibleName(figure.title);
}

void FigureWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (const int columns = fittingColumns(); m_columns != 0 && columns != m_columns)
        layoutPanels(columns);
}

void FigureWidget::setHighlight(int panel, std::optional<int> row, std::optional<int> column)
{
    if (HeatmapWidget* widget = this->panel(panel))
        widget->setHighlight(row, column);
}

void FigureWidget::setHighlight(std::optional<int> row, std::optional<int> column)
{
    for (HeatmapWidget* widget : m_panels)
        widget->setHighlight(row, column);
}

} // namespace ae
