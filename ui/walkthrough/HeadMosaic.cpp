#include "HeadMosaic.h"

#include "CellGeometry.h"
#include "CellRaster.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace ae {

namespace {

constexpr double TileSide = 150; // preferred side of one head's image
constexpr double PixelRatio = 2; // image pixels per unit of the page

const Matrix& matrixOf(const HeatmapSpec& spec)
{
    static const Matrix empty;
    return spec.matrix ? *spec.matrix : empty;
}

} // namespace

HeadMosaic::HeadMosaic(Figure figure, QFont font, std::optional<int> highlightRow)
    : m_figure(std::move(figure)),
      m_colors(m_figure.panels.empty() ? ColorMap() : ColorMap::forSpec(m_figure.panels.front())),
      m_font(std::move(font)), m_highlightRow(highlightRow)
{
}

QSizeF HeadMosaic::preferredSize() const
{
    const double line = QFontMetricsF(m_font).height();
    const int count = int(m_figure.panels.size());
    const int columns = std::max(1, int(std::ceil(std::sqrt(double(count)))));
    const int rows = (count + columns - 1) / columns;
    return {columns * (TileSide + line) + 6 * line, 3 * line + rows * (TileSide + 2 * line)};
}

void HeadMosaic::paintScale(QPainter& painter, const QRectF& bar) const
{
    const QFontMetricsF fm(m_font);
    for (int i = 0; i < ColorMap::Size; ++i) {
        const double y0 = bar.bottom() - bar.height() * (i + 1) / ColorMap::Size;
        painter.fillRect(QRectF(bar.left(), y0, bar.width(), bar.height() / ColorMap::Size + 0.5),
                         QColor::fromRgb(m_colors.colorAt(i)));
    }
    painter.setPen(QColor(0x5c, 0x5c, 0x5c));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);
    const double x = bar.right() + fm.height() * 0.3;
    painter.drawText(QRectF(x, bar.top() - fm.height() / 2, fm.height() * 6, fm.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, QString::number(m_colors.high(), 'g', 3));
    painter.drawText(QRectF(x, bar.bottom() - fm.height() / 2, fm.height() * 6, fm.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, QString::number(m_colors.low(), 'g', 3));
}

void HeadMosaic::paint(QPainter& painter, const QRectF& target) const
{
    const int count = int(m_figure.panels.size());
    if (count == 0)
        return;
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing);
    const QFontMetricsF fm(m_font);
    const double line = fm.height();
    QFont bold = m_font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(QColor(0x1a, 0x1a, 0x1a));
    const double titleHeight =
        std::min(QFontMetricsF(bold)
                     .boundingRect(target, Qt::AlignHCenter | Qt::TextWordWrap, m_figure.title)
                     .height(),
                 line * 2.5);
    const QRectF titleBand(target.left(), target.top(), target.width(), titleHeight + line * 0.4);
    painter.drawText(titleBand, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_figure.title);

    // The grid with the largest tiles, tiles shaped like the matrices; the scale on the right.
    const Matrix& first = matrixOf(m_figure.panels.front());
    const double aspect =
        first.rows() > 0 && first.cols() > 0 ? double(first.rows()) / double(first.cols()) : 1.0;
    const double scaleWidth = line * 5;
    const QRectF grid(target.left(), titleBand.bottom(), target.width() - scaleWidth,
                      target.bottom() - titleBand.bottom());
    int columns = 1;
    double tileWidth = 0;
    for (int c = 1; c <= count; ++c) {
        const int rows = (count + c - 1) / c;
        const double w =
            std::min(grid.width() / c - line, ((grid.height() / rows) - 1.8 * line) / aspect);
        if (w > tileWidth) {
            tileWidth = w;
            columns = c;
        }
    }
    if (tileWidth <= 2) {
        painter.restore();
        return;
    }
    const int rows = (count + columns - 1) / columns;
    const double cellWidth = tileWidth + line, cellHeight = tileWidth * aspect + 1.8 * line;
    const double left = grid.left() + (grid.width() - columns * cellWidth) / 2;
    const double top = grid.top() + (grid.height() - rows * cellHeight) / 2;
    painter.setFont(m_font);
    for (int i = 0; i < count; ++i) {
        const HeatmapSpec& spec = m_figure.panels[std::size_t(i)];
        const Matrix& m = matrixOf(spec);
        const double x = left + (i % columns) * cellWidth + line / 2;
        const double y = top + (i / columns) * cellHeight;
        painter.setPen(QColor(0x1a, 0x1a, 0x1a));
        painter.drawText(QRectF(x, y, tileWidth, line * 1.4), Qt::AlignCenter, spec.title);
        const QRectF image(x, y + line * 1.4, tileWidth, tileWidth * aspect);
        if (m.size() > 0) {
            const CellGeometry geometry(m.rows(), m.cols(), image);
            const CellRaster::Result raster = CellRaster::render(m, m_colors, geometry, PixelRatio);
            painter.drawImage(image, raster.image);
            if (m_highlightRow && *m_highlightRow < m.rows()) {
                const double rowHeight = image.height() / double(m.rows());
                painter.setPen(QPen(Qt::black, 1));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(QRectF(image.left(), image.top() + *m_highlightRow * rowHeight,
                                        image.width(), std::max(rowHeight, 1.0)));
            }
        }
        painter.setPen(QPen(QColor(0x5c, 0x5c, 0x5c), 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(image);
    }
    const double barTop = top + line * 1.4;
    paintScale(painter, QRectF(left + columns * cellWidth + line / 2, barTop, line * 0.9,
                               std::max(line, rows * cellHeight - line * 1.4)));
    painter.restore();
}

} // namespace ae
