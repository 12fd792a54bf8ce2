#pragma once

#include "HeatmapSpec.h"

#include <QWidget>

#include <optional>

class QLabel;

namespace ae {

class FigureWidget;

// What presentation mode shows instead of a scrolling page: the page's main figure alone,
// filling all the room there is (no heading, no explanation: the walkthrough beside it
// explains), so that a 6 x 6 matrix gets cells large enough for its values at 1024 x 768 as
// at 1920 x 1080, and nothing scrolls. A figure led by a 0/1 mask (dropout: keep mask, α
// before, α after) shows the mask in a band across the top (AsideShare of the height: its
// 0s and 1s need small cells) and the weights side by side below, large enough for theirs.
// Two or more panels (the causal mask's two methods, every head) take smaller labels, like
// those beside a mask, and the rows and columns that give their cells the most room.
class PresentationStage : public QWidget
{
    Q_OBJECT
public:
    static constexpr double FigureTextScale = 0.8; // of the stage's (the presentation's) text
    static constexpr double AsideShare = 0.38;
    static constexpr double AsideTextScale = 0.62; // of FigureTextScale, beside a mask

    // The columns for `panels` square-ish panels in `area` whose labels are `lineHeight` tall:
    // those that leave the largest square of cells, after about HorizontalBandLines of labels
    // and colour bar beside each panel's cells and VerticalBandLines above them.
    static int columnsFor(int panels, QSizeF area, double lineHeight);
    static constexpr double HorizontalBandLines = 9;
    static constexpr double VerticalBandLines = 5;

    explicit PresentationStage(QWidget* parent = nullptr);

    // Nothing: the stage is empty (the window shows the page itself instead).
    void setFigure(const std::optional<Figure>& figure);
    bool hasFigure() const { return m_hasFigure; }
    FigureWidget* figureWidget() const { return m_figure; }
    // The mask of a figure led by one, else hidden.
    FigureWidget* asideWidget() const { return m_aside; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void layoutFigures();
    void applyFonts();
    // Shows m_shown in the best columns for the figure widget's size now.
    void arrangePanels();

    FigureWidget* m_figure;
    FigureWidget* m_aside;
    bool m_hasFigure = false;
    bool m_compact = false;       // several panels: smaller labels
    bool m_chooseColumns = false; // m_shown's columns follow the stage's size
    Figure m_shown;
};

} // namespace ae
