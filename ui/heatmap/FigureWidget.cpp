#include "FigureWidget.h"

#include "HeatmapWidget.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ae {

FigureWidget::FigureWidget(QWidget* parent) : QWidget(parent), m_title(new QLabel(this)), m_grid(new QGridLayout)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAlignment(Qt::AlignCenter);
    m_title->setTextFormat(Qt::PlainText);
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
        const int index = panelCount();
        connect(widget, &HeatmapWidget::cellHovered, this,
                [this, index](int row, int column) { Q_EMIT cellHovered(index, row, column); });
        connect(widget, &HeatmapWidget::cellClicked, this,
                [this, index](int row, int column) { Q_EMIT cellClicked(index, row, column); });
        m_panels.push_back(widget);
    }
}

void FigureWidget::setFigure(const Figure& figure)
{
    const int count = int(figure.panels.size());
    const int oldColumns = std::max(1, m_figure.columns);
    m_figure = figure;
    const bool relayout = count != panelCount() || oldColumns != std::max(1, figure.columns);
    resizePanels(count);
    if (relayout) {
        for (HeatmapWidget* widget : m_panels)
            m_grid->removeWidget(widget);
        const int columns = std::clamp(figure.columns, 1, std::max(count, 1));
        for (int i = 0; i < count; ++i)
            m_grid->addWidget(m_panels[std::size_t(i)], i / columns, i % columns);
    }
    for (int i = 0; i < count; ++i)
        m_panels[std::size_t(i)]->setSpec(figure.panels[std::size_t(i)]);
    m_title->setText(figure.title);
    m_title->setVisible(!figure.title.isEmpty());
    setAccessibleName(figure.title);
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
