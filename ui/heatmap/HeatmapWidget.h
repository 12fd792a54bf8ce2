#pragma once

#include "CellGeometry.h"
#include "HeatmapLayout.h"
#include "HeatmapPainter.h"
#include "HeatmapSpec.h"

#include <QImage>
#include <QTimer>
#include <QWidget>

#include <optional>

namespace ae {

// Shows one HeatmapSpec. The heatmap is painted into a cached QImage (at the screen's
// pixel ratio) when the spec, the size, the view or the palette changes, outside the paint
// event (at once on resize, otherwise on the next turn of the event loop, so a burst of
// wheel or drag events renders once); paintEvent only blits it and outlines the hovered cell.
//   plain wheel: left to the page around the heatmap (it scrolls, the zoom never changes);
//   Ctrl+wheel, a pinch (ZoomNativeGesture), + and −: zoom towards the cursor (the keys: the
//          centre), down to single cells; a ZoomIndicator shows the zoom while it is not 100 %;
//   drag: pan; double-click, Ctrl+0 (while zoomed) or the indicator: back to the whole matrix;
//   hover: cellHovered(row, col) and a tooltip with the value and spec.explain(row, col),
//          cellHovered(-1, -1) when the mouse leaves the cells;
//   click: cellClicked(row, col).
class ZoomIndicator;

class HeatmapWidget : public QWidget
{
    Q_OBJECT
public:
    static constexpr double WheelZoomStep = 1.25; // zoom factor per Ctrl+wheel notch and per + or −

    explicit HeatmapWidget(QWidget* parent = nullptr);

    void setSpec(HeatmapSpec spec); // keeps the zoom when the shape is unchanged
    const HeatmapSpec& spec() const { return m_spec; }
    // Frames a row and/or a column (the pinned (query, key) pair); nullopt: none.
    void setHighlight(std::optional<int> row, std::optional<int> column);
    void resetView();
    double zoom() const { return m_geometry.zoom(); }
    // Zoom by `factor` towards `anchor` (widget coordinates; the cells' centre when omitted).
    void zoomBy(double factor, std::optional<QPointF> anchor = std::nullopt);
    const ZoomIndicator* zoomIndicator() const { return m_zoomIndicator; }
    // Where the cells are now, in widget coordinates: cellAt(), cellRect() ...
    const CellGeometry& cellGeometry() const { return m_geometry; }
    const HeatmapLayout& heatmapLayout() const { return m_layout; }
    // The cached image (for tests and screenshots); renders now if an update is pending.
    QImage renderedImage();
    // A new image is being painted (scheduled, or in a worker thread for large views).
    bool isRenderPending() const { return m_renderTimer.isActive() || m_renderInFlight; }
    // A new image is made but not yet painted on the widget (the next repaint shows it).
    bool isPaintPending() const { return m_paintPending; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The preferred shape kept at a given width, so that a narrow column of panels (the
    // heads grid beside docked panels) is not given the full preferred height to centre in.
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    // The least width at which the cells area is ComfortableCells line heights wide (or each
    // cell a line height, with fewer columns), so a grid of panels is never laid out in
    // columns too narrow for their labels and colour bar to leave room for cells.
    // Matrices of up to ComfortableMaxColumns columns only.
    static constexpr int ComfortableCells = 10;
    static constexpr int ComfortableMaxColumns = 32;
    int comfortableWidth() const;

Q_SIGNALS:
    // A freshly painted image is on screen.
    void rendered();
    void cellHovered(int row, int column);
    void cellClicked(int row, int column);

protected:
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    HeatmapPainter heatmapPainter() const;
    void prepare();
    void relayout();
    void setGeometryOfCells(const CellGeometry& geometry);
    void scheduleRender();
    // Where the image is made: in a worker when the view is large, else here (Fitting); here
    // at once (Now); here within paintEvent, which paints it (InPaint: no update asked).
    enum class RenderWhere
    {
        Fitting,
        Now,
        InPaint
    };
    void render(RenderWhere where);
    void setHovered(std::optional<CellIndex> cell);

    HeatmapSpec m_spec;
    HeatmapPainter::Prepared m_prepared; // of m_spec with this widget's fonts
    HeatmapView m_view;
    HeatmapLayout m_layout;
    CellGeometry m_geometry;
    QImage m_image;
    QTimer m_renderTimer;
    quint64 m_renderGeneration = 0; // latest wins: an older worker's image is dropped
    bool m_renderInFlight = false;
    bool m_paintPending = false; // m_image is newer than what the widget last painted
    std::optional<CellIndex> m_hovered;
    std::optional<QPointF> m_pressPosition;
    QPointF m_lastDragPosition;
    bool m_dragging = false;
    ZoomIndicator* m_zoomIndicator;
};

} // namespace ae
