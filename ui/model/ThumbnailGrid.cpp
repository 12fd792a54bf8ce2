#include "ThumbnailGrid.h"

#include "ColorMap.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace ae {

namespace {

constexpr int Gap = 4;
constexpr int MinCell = 28, MaxCell = 120;

} // namespace

std::vector<QImage> thumbnailImages(const std::vector<Matrix>& thumbnails)
{
    const ColorMap map(ColorScheme::Sequential, 0, 1);
    std::vector<QImage> images;
    images.reserve(thumbnails.size());
    for (const Matrix& m : thumbnails) {
        QImage& image = images.emplace_back(int(m.cols()), int(m.rows()), QImage::Format_RGB32);
        for (int i = 0; i < image.height(); ++i) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(i));
            for (int j = 0; j < image.width(); ++j)
                line[j] = map.color(m(i, j));
        }
    }
    return images;
}

ThumbnailGrid::ThumbnailGrid(QWidget* parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ThumbnailGrid::setThumbnails(int layers, int heads, std::vector<QImage> images)
{
    m_layers = layers;
    m_heads = heads;
    m_images = std::move(images);
    updateGeometry();
    update();
}

void ThumbnailGrid::setThumbnails(int layers, int heads, const std::vector<Matrix>& thumbnails)
{
    setThumbnails(layers, heads, thumbnailImages(thumbnails));
}

void ThumbnailGrid::setSelected(int layer, int head)
{
    m_selectedLayer = layer;
    m_selectedHead = head;
    update();
}

QSize ThumbnailGrid::labelSize() const
{
    if (m_labelSize.isEmpty()) {
        const QFontMetrics fm = fontMetrics();
        m_labelSize = {fm.horizontalAdvance(QStringLiteral("L00")) + Gap, fm.height() + Gap};
    }
    return m_labelSize;
}

int ThumbnailGrid::cellSize(int width) const
{
    if (m_heads <= 0)
        return MinCell;
    const int room = (width - labelSize().width()) / m_heads - Gap;
    return std::clamp(room, MinCell, MaxCell);
}

QRect ThumbnailGrid::cellRect(int layer, int head) const
{
    const int cell = cellSize(width());
    const QSize labels = labelSize();
    return {labels.width() + head * (cell + Gap), labels.height() + layer * (cell + Gap), cell,
            cell};
}

QSize ThumbnailGrid::sizeHint() const
{
    const QSize labels = labelSize();
    return {labels.width() + m_heads * (64 + Gap), heightForWidth(labels.width() + m_heads * 68)};
}

int ThumbnailGrid::heightForWidth(int width) const
{
    return labelSize().height() + m_layers * (cellSize(width) + Gap);
}

std::pair<int, int> ThumbnailGrid::cellAt(QPoint position) const
{
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h)
            if (cellRect(l, h).contains(position))
                return {l, h};
    return {-1, -1};
}

void ThumbnailGrid::paintEvent(QPaintEvent* event)
{
    const QRect exposed = event->rect();
    QPainter painter(this);
    const QSize labels = labelSize();
    painter.setPen(palette().color(QPalette::WindowText));
    for (int h = 0; h < m_heads; ++h) {
        const QRect r = cellRect(0, h);
        painter.drawText(QRect(r.left(), 0, r.width(), labels.height()), Qt::AlignCenter,
                         tr("H%1").arg(h + 1));
    }
    for (int l = 0; l < m_layers; ++l) {
        const QRect r = cellRect(l, 0);
        if (r.bottom() + Gap < exposed.top() || r.top() - Gap > exposed.bottom())
            continue; // a row scrolled out of view
        painter.drawText(QRect(0, r.top(), labels.width() - Gap, r.height()),
                         Qt::AlignRight | Qt::AlignVCenter, tr("L%1").arg(l + 1));
        for (int h = 0; h < m_heads; ++h) {
            const QRect cell = cellRect(l, h);
            const std::size_t index = std::size_t(l * m_heads + h);
            if (index < m_images.size())
                painter.drawImage(cell, m_images[index]);
            painter.setPen(palette().color(QPalette::Mid));
            painter.drawRect(cell.adjusted(0, 0, -1, -1));
        }
        painter.setPen(palette().color(QPalette::WindowText));
    }
    if (m_selectedLayer >= 0 && m_selectedLayer < m_layers && m_selectedHead >= 0 &&
        m_selectedHead < m_heads) {
        QPen pen(palette().color(QPalette::Highlight), hasFocus() ? 3 : 2);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cellRect(m_selectedLayer, m_selectedHead).adjusted(-2, -2, 1, 1));
    }
}

void ThumbnailGrid::mousePressEvent(QMouseEvent* event)
{
    const auto [layer, head] = cellAt(event->position().toPoint());
    if (layer < 0)
        return;
    setSelected(layer, head);
    Q_EMIT headChosen(layer, head);
}

void ThumbnailGrid::keyPressEvent(QKeyEvent* event)
{
    int layer = std::max(m_selectedLayer, 0), head = std::max(m_selectedHead, 0);
    switch (event->key()) {
    case Qt::Key_Left:
        head = std::max(head - 1, 0);
        break;
    case Qt::Key_Right:
        head = std::min(head + 1, m_heads - 1);
        break;
    case Qt::Key_Up:
        layer = std::max(layer - 1, 0);
        break;
    case Qt::Key_Down:
        layer = std::min(layer + 1, m_layers - 1);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (m_layers > 0)
            Q_EMIT headChosen(layer, head);
        return;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    setSelected(layer, head);
}

bool ThumbnailGrid::event(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        m_labelSize = {};
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const auto [layer, head] = cellAt(help->pos());
        if (layer >= 0)
            QToolTip::showText(help->globalPos(),
                               tr("Layer %1, head %2: click to open its attention weights")
                                   .arg(layer + 1)
                                   .arg(head + 1),
                               this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace ae
