#include "PresentationStage.h"

#include "FigureWidget.h"
#include "HeatmapWidget.h"

#include <QEvent>

namespace ae {

PresentationStage::PresentationStage(QWidget* parent)
    : QWidget(parent), m_figure(new FigureWidget(this))
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

// Placed by hand rather than by a layout: a layout would give the figure at least the height
// its width asks for, which on a wide, short screen is more than there is.
void PresentationStage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_figure->setGeometry(rect());
}

// The figure's text a little smaller than the walkthrough's: the widest value of a 6 x 6
// matrix ("−1.0000") then fits its cells beside the walkthrough on a 4:3 projector too.
void PresentationStage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        QFont smaller = font();
        smaller.setPointSizeF(smaller.pointSizeF() * FigureTextScale);
        m_figure->setFont(smaller);
    }
}

void PresentationStage::setFigure(const std::optional<Figure>& figure)
{
    m_hasFigure = figure.has_value();
    if (!figure)
        return;
    // Three or more panels share the stage: their captions (the walkthrough's formula beside
    // them has the operations) and column axis titles would take lines the cells need.
    Figure shown = *figure;
    if (shown.panels.size() >= 3)
        for (HeatmapSpec& spec : shown.panels) {
            spec.operation.clear();
            spec.columnAxisTitle.clear();
        }
    m_figure->setFigure(shown);
    // Panels take all the height too: on a wide screen the cells are limited by the height,
    // and a panel only as tall as its width asks for would be cut at the bottom.
    for (int i = 0; i < m_figure->panelCount(); ++i)
        m_figure->panel(i)->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
}

} // namespace ae
