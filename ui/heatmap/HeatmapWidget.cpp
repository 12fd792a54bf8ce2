#include "HeatmapWidget.h"

#include "GuiFirst.h"
#include "ValueText.h"
#include "ViewJobs.h"
#include "ZoomIndicator.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace ae {

namespace {

Eigen::Index rowsOf(const HeatmapSpec& spec)
{
    return specRows(spec);
}

Eigen::Index columnsOf(const HeatmapSpec& spec)
{
    return specColumns(spec);
}

} // namespace

namespace {

bool isResetKey(const QKeyEvent* event)
{
    return event->key() == Qt::Key_0 && (event->modifiers() & Qt::ControlModifier);
}

} // namespace

HeatmapWidget::HeatmapWidget(QWidget* parent)
    : QWidget(parent), m_renderTimer(this), m_zoomIndicator(new ZoomIndicator(this))
{
    setMouseTracking(true);
    // Clicking a heatmap gives it the keyboard (+, −, Ctrl+0); Tab reaches it too.
    setFocusPolicy(Qt::StrongFocus);
    connect(m_zoomIndicator, &QToolButton::clicked, this, &HeatmapWidget::resetView);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_renderTimer.setObjectName(QStringLiteral("render_timer"));
    m_renderTimer.setSingleShot(true);
    m_renderTimer.setInterval(0);
    connect(&m_renderTimer, &QTimer::timeout, this, [this] { render(RenderWhere::Fitting); });
}

HeatmapPainter HeatmapWidget::heatmapPainter() const
{
    return HeatmapPainter(HeatmapStyle::forPalette(palette(), font()));
}

void HeatmapWidget::setSpec(HeatmapSpec spec)
{
    const bool sameShape = rowsOf(spec) == rowsOf(m_spec) && columnsOf(spec) == columnsOf(m_spec);
    m_spec = std::move(spec);
    if (!sameShape) {
        m_view.zoom = 1;
        m_view.pan = {};
    }
    setAccessibleName(m_spec.title);
    setAccessibleDescription(m_spec.operation);
    setHovered(std::nullopt);
    prepare();
    updateGeometry();
    relayout();
}

void HeatmapWidget::prepare()
{
    m_prepared = heatmapPainter().prepare(m_spec);
}

void HeatmapWidget::setHighlight(std::optional<int> row, std::optional<int> column)
{
    const std::optional<Eigen::Index> r = row ? std::optional<Eigen::Index>(*row) : std::nullopt;
    const std::optional<Eigen::Index> c =
        column ? std::optional<Eigen::Index>(*column) : std::nullopt;
    if (r == m_view.highlightRow && c == m_view.highlightColumn)
        return;
    m_view.highlightRow = r;
    m_view.highlightColumn = c;
    scheduleRender();
}

void HeatmapWidget::resetView()
{
    setGeometryOfCells(CellGeometry(m_geometry.rows(), m_geometry.columns(), m_geometry.area()));
}

void HeatmapWidget::relayout()
{
    m_layout = HeatmapLayout::compute(m_spec, QRectF(rect()), m_prepared.metrics);
    setGeometryOfCells(
        CellGeometry(rowsOf(m_spec), columnsOf(m_spec), m_layout.cells, m_view.zoom, m_view.pan));
}

void HeatmapWidget::setGeometryOfCells(const CellGeometry& geometry)
{
    m_geometry = geometry;
    // The painter rebuilds the same geometry from these (the pan is already clamped).
    m_view.zoom = geometry.zoom();
    m_view.pan = geometry.pan();
    m_zoomIndicator->setZoom(geometry.zoom());
    scheduleRender();
}

void HeatmapWidget::zoomBy(double factor, std::optional<QPointF> anchor)
{
    const QPointF at = anchor.value_or(m_geometry.area().center());
    setGeometryOfCells(m_geometry.zoomedAt(at, factor));
    if (anchor)
        setHovered(m_geometry.cellAt(at));
}

void HeatmapWidget::scheduleRender()
{
    m_renderTimer.start();
}

namespace {

// Everything a paint needs, copied, so that it can run in a worker thread while the
// widget goes on (the matrix is shared and immutable).
struct RenderJob
{
    HeatmapPainter painter;
    HeatmapSpec spec;
    HeatmapView view;
    HeatmapPainter::Prepared prepared;
    QSize pixels;
    QRectF rect;
    double ratio = 1;

    QImage operator()() const
    {
        QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(ratio);
        QPainter p(&image);
        painter.paint(p, spec, rect, view, prepared);
        p.end();
        return image;
    }
};

// Views of more cells than this, or larger on screen than this many device pixels, are painted
// off the GUI thread (the Mandelbrot example's way): the raster path over a 1024 x 1024 matrix
// takes some 10 ms per view, and even a 128 x 128 one some 4 ms, which twelve heads repainted
// at once would block the GUI for. Few cells on a large view cost as much in their labels and
// values: the head view of SmolLM2's 9 heads by 36 keys across a 1,600-pixel window took
// 7-15 ms of the GUI thread per render.
constexpr Eigen::Index AsyncRenderCells = 64 * 64;
constexpr qint64 AsyncRenderPixels = 512 * 512;

bool rendersInWorker(const HeatmapSpec& spec, QSize pixels)
{
    return rowsOf(spec) * columnsOf(spec) > AsyncRenderCells ||
           qint64(pixels.width()) * pixels.height() > AsyncRenderPixels;
}

QSize devicePixelsOf(const QWidget& widget)
{
    return (QSizeF(widget.size()) * widget.devicePixelRatioF()).toSize();
}

} // namespace

void HeatmapWidget::render(RenderWhere where)
{
    m_renderTimer.stop();
    const double ratio = devicePixelRatioF();
    const QSize pixels = devicePixelsOf(*this);
    const quint64 generation = ++m_renderGeneration;
    if (pixels.isEmpty()) {
        m_image = {};
        m_renderInFlight = false;
        return;
    }
    const RenderJob job{heatmapPainter(), m_spec,         m_view, m_prepared,
                        pixels,           QRectF(rect()), ratio};
    if (where != RenderWhere::Fitting || !rendersInWorker(m_spec, pixels)) {
        m_image = job();
        m_renderInFlight = false;
        if (where != RenderWhere::InPaint) {
            m_paintPending = true;
            update();
        }
        Q_EMIT rendered();
        return;
    }
    m_renderInFlight = true;
    runThenDeliver(
        viewJobs(), this,
        [job] {
            runBehindTheGui();
            return job();
        },
        [this, generation](QImage image) {
            if (generation != m_renderGeneration)
                return; // a newer paint was started: this image is stale
            m_renderInFlight = false;
            m_image = std::move(image);
            m_paintPending = true;
            update();
            Q_EMIT rendered();
        });
}

QImage HeatmapWidget::renderedImage()
{
    if (isRenderPending() || m_image.isNull())
        render(RenderWhere::Now);
    return m_image;
}

QSize HeatmapWidget::sizeHint() const
{
    const QSizeF preferred = HeatmapLayout::preferredSize(m_spec, m_prepared.metrics);
    return QSize(int(std::ceil(preferred.width())), int(std::ceil(preferred.height())))
        .boundedTo(QSize(960, 800))
        .expandedTo(minimumSizeHint());
}

int HeatmapWidget::heightForWidth(int width) const
{
    // The least height at which the cells are as large as this width allows (more height
    // would only be slack around them), found by bisection on the layout, which is plain
    // arithmetic; never above the preferred height.
    const auto cellsAt = [&](int height) {
        return HeatmapLayout::compute(m_spec, QRectF(0, 0, width, height), m_prepared.metrics)
            .cellWidth;
    };
    int low = minimumSizeHint().height();
    int high = std::max(low, sizeHint().height());
    const double widest = cellsAt(high);
    if (cellsAt(low) >= widest)
        return low;
    while (high - low > 1) {
        const int middle = low + (high - low) / 2;
        (cellsAt(middle) >= widest ? high : low) = middle;
    }
    return high;
}

int HeatmapWidget::comfortableWidth() const
{
    const Eigen::Index columns = columnsOf(m_spec);
    // Big matrices are read as pictures, not cell by cell: the page's own rule (FigureWidget's
    // ComfortableLines) is enough for them.
    if (columns <= 0 || columns > ComfortableMaxColumns)
        return minimumSizeHint().width();
    const double line = m_prepared.metrics.lineHeight;
    const double wanted =
        double(std::min<Eigen::Index>(columns, ComfortableCells)) * line / double(columns);
    // Height is no limit here: the panel takes the height its width asks for.
    const auto cellsAt = [&](int width) {
        return HeatmapLayout::compute(m_spec, QRectF(0, 0, width, 1e6), m_prepared.metrics)
            .cellWidth;
    };
    int low = minimumSizeHint().width(), high = 4096;
    if (cellsAt(low) >= wanted)
        return low;
    if (cellsAt(high) < wanted)
        return high;
    while (high - low > 1) {
        const int middle = low + (high - low) / 2;
        (cellsAt(middle) >= wanted ? high : low) = middle;
    }
    return high;
}

QSize HeatmapWidget::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 12, line * 9};
}

bool HeatmapWidget::event(QEvent* event)
{
    // Ctrl+0 is also the window's "actual size" of the text: while this heatmap is zoomed
    // and has the keyboard, the key resets the heatmap instead.
    if (event->type() == QEvent::ShortcutOverride && isResetKey(static_cast<QKeyEvent*>(event)) &&
        zoom() > 1) {
        event->accept();
        return true;
    }
    if (event->type() == QEvent::NativeGesture) {
        const auto* gesture = static_cast<QNativeGestureEvent*>(event);
        if (gesture->gestureType() == Qt::ZoomNativeGesture) {
            zoomBy(1 + gesture->value(), gesture->position());
            event->accept();
            return true;
        }
    }
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const std::optional<CellIndex> cell = m_geometry.cellAt(help->pos());
        if (cell) {
            const QRect area = m_geometry.cellRect(cell->row, cell->column)
                                   .intersected(m_geometry.area())
                                   .toAlignedRect();
            QToolTip::showText(help->globalPos(), cellDescription(m_spec, cell->row, cell->column),
                               this, area);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void HeatmapWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::StyleChange) {
        prepare();
        updateGeometry();
        relayout();
    }
    QWidget::changeEvent(event);
}

void HeatmapWidget::paintEvent(QPaintEvent*)
{
    // A small view due for a new image (resized, a new spec) gets it here, for this paint to
    // show: once per layout pass, which resizes a panel several times before painting it
    // (rendered at every resize, SmolLM2's head roles page held the GUI thread some 20 ms).
    if (m_renderTimer.isActive() && !rendersInWorker(m_spec, devicePixelsOf(*this)))
        render(RenderWhere::InPaint);
    // Moved to a screen with another pixel ratio (Qt 6.4 has no event for it): blit the old
    // image this once and render a sharp one on the next turn of the event loop.
    if (!m_image.isNull() && m_image.devicePixelRatio() != devicePixelRatioF() &&
        !m_renderTimer.isActive())
        scheduleRender();
    QPainter painter(this);
    if (m_image.isNull() || m_image.deviceIndependentSize() != QSizeF(size()))
        painter.fillRect(rect(), palette().window());
    if (!m_image.isNull())
        painter.drawImage(QPointF(0, 0), m_image);
    m_paintPending = false;
    if (m_hovered) {
        const QRectF cell =
            m_geometry.cellRect(m_hovered->row, m_hovered->column).intersected(m_geometry.area());
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cell.adjusted(1, 1, -1, -1));
    }
}

void HeatmapWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_zoomIndicator->setZoom(m_geometry.zoom()); // to the new top right corner
    const CellGeometry old = m_geometry;
    m_layout = HeatmapLayout::compute(m_spec, QRectF(rect()), m_prepared.metrics);
    setGeometryOfCells(old.rows() == rowsOf(m_spec) && old.columns() == columnsOf(m_spec)
                           ? old.withArea(m_layout.cells)
                           : CellGeometry(rowsOf(m_spec), columnsOf(m_spec), m_layout.cells));
    // The new image waits for the paint that follows (a small view: paintEvent) or for the
    // next turn of the event loop (a large one, in a worker): a layout settling resizes each
    // panel several times in one pass (a page of 30 new panels: 8 each), and an image per
    // resize cost the GUI thread an image each (small views) or a callback each (large ones).
}

void HeatmapWidget::wheelEvent(QWheelEvent* event)
{
    // The plain wheel belongs to the page: a heatmap under the pointer must not stop it
    // scrolling, nor change its own zoom unnoticed.
    const QPoint delta = event->angleDelta();
    const double notches = (delta.y() != 0 ? delta.y() : delta.x()) / 120.0;
    if (!(event->modifiers() & Qt::ControlModifier) || notches == 0) {
        event->ignore();
        return;
    }
    event->accept();
    zoomBy(std::pow(WheelZoomStep, notches), event->position());
}

void HeatmapWidget::keyPressEvent(QKeyEvent* event)
{
    if (isResetKey(event)) {
        resetView();
    } else if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal) {
        zoomBy(WheelZoomStep);
    } else if (event->key() == Qt::Key_Minus || event->key() == Qt::Key_Underscore) {
        zoomBy(1 / WheelZoomStep);
    } else {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HeatmapWidget::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_pressPosition = event->position();
    m_lastDragPosition = event->position();
    m_dragging = false;
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (m_pressPosition && (event->buttons() & Qt::LeftButton)) {
        if (!m_dragging && (event->position() - *m_pressPosition).manhattanLength() >=
                               QApplication::startDragDistance()) {
            m_dragging = true;
            setCursor(Qt::ClosedHandCursor);
        }
        if (m_dragging) {
            setGeometryOfCells(m_geometry.panned(event->position() - m_lastDragPosition));
            m_lastDragPosition = event->position();
        }
    }
    setHovered(m_geometry.cellAt(event->position()));
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_pressPosition) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    if (m_dragging) {
        unsetCursor();
    } else if (const std::optional<CellIndex> cell = m_geometry.cellAt(event->position())) {
        Q_EMIT cellClicked(int(cell->row), int(cell->column));
    }
    m_pressPosition.reset();
    m_dragging = false;
}

void HeatmapWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        resetView();
    else
        QWidget::mouseDoubleClickEvent(event);
}

void HeatmapWidget::leaveEvent(QEvent* event)
{
    setHovered(std::nullopt);
    QWidget::leaveEvent(event);
}

void HeatmapWidget::setHovered(std::optional<CellIndex> cell)
{
    if (cell == m_hovered)
        return;
    m_hovered = cell;
    update();
    Q_EMIT cellHovered(cell ? int(cell->row) : -1, cell ? int(cell->column) : -1);
}

} // namespace ae
