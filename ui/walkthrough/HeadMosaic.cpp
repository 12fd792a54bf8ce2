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
    if (m_figure.isLabelledGrid()) {
        const int columns = int(m_figure.gridColumns.size());
        const int rows = (count + columns - 1) / columns;
        return {rowLabelWidth() + columns * (TileSide + line / 2) + 6 * line,
                4.5 * line + rows * (TileSide + line / 2)};
    }
    const int columns = std::max(1, int(std::ceil(std::sqrt(double(count)))));
    const int rows = (count + columns - 1) / columns;
    return {columns * (TileSide + line) + 6 * line, 3 * line + rows * (TileSide + 2 * line)};
}

double HeadMosaic::rowLabelWidth() const
{
    const QFontMetricsF fm(m_font);
    double width = 0;
    for (const QString& label : m_figure.gridRows)
        width = std::max(width, fm.horizontalAdvance(label));
    return width > 0 ? width + fm.height() / 2 : 0;
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

double HeadMosaic::titleHeight(const QRectF& target) const
{
    QFont bold = m_font;
    bold.setBold(true);
    const double line = QFontMetricsF(m_font).height();
    return std::min(QFontMetricsF(bold)
                        .boundingRect(target, Qt::AlignHCenter | Qt::TextWordWrap, m_figure.title)
                        .height(),
                    line * 2.5) +
           line * 0.4;
}

// The grid with the largest tiles, tiles shaped like the matrices; the scale on the right. A
// labelled grid (layers × heads) keeps its columns and names its rows and columns at its edges;
// other panels are captioned one by one.
HeadMosaic::Grid HeadMosaic::grid(const QRectF& target) const
{
    Grid g;
    const int count = int(m_figure.panels.size());
    if (count == 0)
        return g;
    const double line = QFontMetricsF(m_font).height();
    const Matrix& first = matrixOf(m_figure.panels.front());
    g.aspect =
        first.rows() > 0 && first.cols() > 0 ? double(first.rows()) / double(first.cols()) : 1.0;
    const bool labelled = m_figure.isLabelledGrid();
    const double scaleWidth = line * 5;
    g.rowLabels = labelled ? rowLabelWidth() : 0;
    g.caption = labelled ? 0 : 1.4 * line;
    g.header = labelled ? 1.4 * line : 0;
    const double gap = labelled ? line / 2 : line;
    const double top = target.top() + titleHeight(target) + g.header;
    const QRectF area(target.left() + g.rowLabels, top, target.width() - scaleWidth - g.rowLabels,
                      target.bottom() - top);
    for (int c = labelled ? int(m_figure.gridColumns.size()) : 1; c <= count; ++c) {
        const int rows = (count + c - 1) / c;
        const double w = std::min(area.width() / c - gap,
                                  ((area.height() / rows) - g.caption - 0.4 * line) / g.aspect);
        if (w > g.tileWidth) {
            g.tileWidth = w;
            g.columns = c;
        }
        if (labelled)
            break;
    }
    g.rows = (count + g.columns - 1) / g.columns;
    g.gap = gap;
    g.cellWidth = g.tileWidth + gap;
    g.cellHeight = g.tileWidth * g.aspect + g.caption + 0.4 * line;
    g.left = area.left() + (area.width() - g.columns * g.cellWidth) / 2;
    g.top = area.top() + (area.height() - g.rows * g.cellHeight) / 2;
    return g;
}

// The labels of a labelled grid's columns in a font small enough for them to fit their cells
// with a tenth of a cell between them (down to half the mosaic's font).
QFont HeadMosaic::columnLabelFont(double cellWidth) const
{
    const QFontMetricsF fm(m_font);
    double widest = 0;
    for (const QString& label : m_figure.gridColumns)
        widest = std::max(widest, fm.horizontalAdvance(label));
    // A tenth of the cell apart, so that "Head 10" and "Head 11" do not run together.
    const double room = cellWidth * 0.9;
    QFont font = m_font;
    if (widest > room && widest > 0 && m_font.pixelSize() > 0)
        font.setPixelSize(
            std::max(int(m_font.pixelSize() * 0.5), int(m_font.pixelSize() * room / widest)));
    return font;
}

void HeadMosaic::paint(QPainter& painter, const QRectF& target) const
{
    const int count = int(m_figure.panels.size());
    const Grid g = grid(target);
    if (count == 0 || g.tileWidth <= 2)
        return;
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing);
    const double line = QFontMetricsF(m_font).height();
    QFont bold = m_font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(QColor(0x1a, 0x1a, 0x1a));
    painter.drawText(QRectF(target.left(), target.top(), target.width(), titleHeight(target)),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_figure.title);

    const int columns = g.columns, rows = g.rows;
    const double tileWidth = g.tileWidth, aspect = g.aspect, caption = g.caption, gap = g.gap;
    const double cellWidth = g.cellWidth, cellHeight = g.cellHeight, left = g.left, top = g.top;
    const bool labelled = m_figure.isLabelledGrid();
    painter.setFont(columnLabelFont(cellWidth));
    for (int c = 0; labelled && c < columns; ++c)
        painter.drawText(QRectF(left + c * cellWidth, top - g.header, cellWidth, g.header),
                         Qt::AlignHCenter | Qt::AlignBottom, m_figure.gridColumns.value(c));
    painter.setFont(m_font);
    for (int r = 0; labelled && r < rows; ++r)
        painter.drawText(QRectF(left - g.rowLabels, top + r * cellHeight, g.rowLabels - line / 2,
                                tileWidth * aspect),
                         Qt::AlignRight | Qt::AlignVCenter, m_figure.gridRows.value(r));
    for (int i = 0; i < count; ++i) {
        const HeatmapSpec& spec = m_figure.panels[std::size_t(i)];
        const Matrix& m = matrixOf(spec);
        const double x = left + (i % columns) * cellWidth + gap / 2;
        const double y = top + (i / columns) * cellHeight;
        painter.setPen(QColor(0x1a, 0x1a, 0x1a));
        if (!labelled)
            painter.drawText(QRectF(x, y, tileWidth, caption), Qt::AlignCenter, spec.title);
        const QRectF image(x, y + caption, tileWidth, tileWidth * aspect);
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
    const double barTop = top + caption;
    paintScale(painter, QRectF(left + columns * cellWidth + line / 2, barTop, line * 0.9,
                               std::max(line, rows * cellHeight - caption - 0.4 * line)));
    painter.restore();
}

} // namespace ae
