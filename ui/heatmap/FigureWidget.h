#pragma once

#include "HeatmapSpec.h"

#include <QWidget>

#include <optional>
#include <vector>

class QGridLayout;
class QLabel;

namespace ae {

class HeatmapWidget;

// A Figure's panels (the per-head grid) as HeatmapWidgets in a grid of up to figure.columns
// columns under the figure's title, forwarding the panels' signals with the panel index.
// A narrow widget gets fewer columns (every panel at least ComfortableLines text lines
// wide, and wide enough for its labels, colour bar and ten cells a line high:
// HeatmapWidget::comfortableWidth), so that twelve heads beside docked panels, or a
// dropout figure's three panels, stay readable rather than squeezed.
class FigureWidget : public QWidget
{
    Q_OBJECT
public:
    explicit FigureWidget(QWidget* parent = nullptr);

    // Reuses the panel widgets when the panel count is unchanged (zoom is kept).
    void setFigure(const Figure& figure);
    const Figure& figure() const { return m_figure; }
    int panelCount() const { return int(m_panels.size()); }
    HeatmapWidget* panel(int index) const;
    // Highlight in one panel, or in all of them.
    void setHighlight(int panel, std::optional<int> row, std::optional<int> column);
    void setHighlight(std::optional<int> row, std::optional<int> column);

    static constexpr int ComfortableLines = 18;
    // The columns the panels are laid out in now.
    int columnCount() const { return m_columns; }

Q_SIGNALS:
    void cellHovered(int panel, int row, int column); // row = column = -1: left the cells
    void cellClicked(int panel, int row, int column);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void resizePanels(int count);
    int fittingColumns() const;
    void layoutPanels(int columns);

    Figure m_figure;
    QLabel* m_title;
    QGridLayout* m_grid;
    std::vector<HeatmapWidget*> m_panels;
    int m_columns = 0; // 0: not laid out yet
};

} // namespace ae
