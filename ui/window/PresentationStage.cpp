#include "PresentationStage.h"

#include "FigureWidget.h"
#include "HeatmapWidget.h"

#include <QEvent>
#include <QFontMetricsF>

#include <cmath>

namespace ae {

PresentationStage::PresentationStage(QWidget* parent)
    : QWidget(parent), m_figure(new FigureWidget(this)), m_aside(new FigureWidget(this))
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_aside->hide();
}

// Placed by hand rather than by a layout: a layout would give the figure at least the height
// its width asks for, which on a wide, short screen is more than there is.
void PresentationStage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    layoutFigures();
}

int PresentationStage::columnsFor(int panels, QSizeF area, double lineHeight)
{
    int best = 1;
    double room = -1;
    for (int columns = 1; columns <= panels; ++columns) {
        const int rows = (panels + columns - 1) / columns;
        const double side = std::min(area.width() / columns - HorizontalBandLines * lineHeight,
                                     area.height() / rows - VerticalBandLines * lineHeight);
        if (side > room) { // ties: fewer columns, the panels' own order reads down
            room = side;
            best = columns;
        }
    }
    return best;
}

void PresentationStage::layoutFigures()
{
    if (m_aside->isVisibleTo(this)) {
        const int top = int(std::round(height() * AsideShare));
        m_aside->setGeometry(0, 0, width(), top);
        m_figure->setGeometry(0, top, width(), height() - top);
    } else {
        m_figure->setGeometry(rect());
    }
    arrangePanels();
}

void PresentationStage::arrangePanels()
{
    if (!m_chooseColumns || !m_hasFigure)
        return;
    const int columns = columnsFor(int(m_shown.panels.size()), QSizeF(m_figure->size()),
                                   QFontMetricsF(m_figure->font()).height());
    if (columns == m_shown.columns)
        return;
    m_shown.columns = columns;
    m_figure->setFigure(m_shown);
}

// The figure's text a little smaller than the walkthrough's: the widest value of a 6 x 6
// matrix ("−1.0000") then fits its cells beside the walkthrough on a 4:3 projector too.
void PresentationStage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
}

// Beside a mask or another panel, the labels smaller still: two 6 x 6 panels side by side
// then print their values at 1280 x 720.
void PresentationStage::applyFonts()
{
    const double scale = FigureTextScale * (m_compact ? AsideTextScale : 1.0);
    QFont smaller = font();
    smaller.setPointSizeF(font().pointSizeF() * scale);
    m_figure->setFont(smaller);
    m_aside->setFont(smaller);
}

void PresentationStage::setFigure(const std::optional<Figure>& figure)
{
    m_hasFigure = figure.has_value();
    if (!figure)
        return;
    // Three or more panels share the stage: their captions (the walkthrough's formula beside
    // them has the operations), column axis titles, row axis titles beside token labels and
    // the figure's title (the walkthrough's step title) would take lines the cells need.
    Figure shown = *figure;
    if (shown.panels.size() >= 3) {
        shown.title.clear();
        for (HeatmapSpec& spec : shown.panels) {
            spec.operation.clear();
            spec.columnAxisTitle.clear();
            if (!spec.rowLabels.isEmpty())
                spec.rowAxisTitle.clear();
        }
    }
    // A mask leading the weights (dropout): the mask across the top, the others below.
    const bool aside = shown.panels.size() >= 3 && shown.panels.front().scheme == ColorScheme::Mask;
    if (aside) {
        Figure mask;
        mask.name = shown.name;
        mask.panels = {shown.panels.front()};
        shown.panels.erase(shown.panels.begin());
        shown.columns = int(shown.panels.size());
        m_aside->setFigure(mask);
    }
    m_aside->setVisible(aside);
    m_compact = aside || shown.panels.size() >= 2;
    m_chooseColumns = !aside && shown.panels.size() >= 2 && !shown.isLabelledGrid();
    m_shown = shown;
    applyFonts();
    if (m_chooseColumns)
        m_shown.columns = columnsFor(int(shown.panels.size()), QSizeF(m_figure->size()),
                                     QFontMetricsF(m_figure->font()).height());
    m_figure->setFigure(m_shown);
    // Panels take all the height too: on a wide screen the cells are limited by the height,
    // and a panel only as tall as its width asks for would be cut at the bottom.
    for (FigureWidget* widget : {m_figure, m_aside})
        for (int i = 0; i < widget->panelCount(); ++i)
            widget->panel(i)->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    layoutFigures();
}

} // namespace ae
