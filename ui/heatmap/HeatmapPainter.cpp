#include "HeatmapPainter.h"

#include "AxisLabelPainter.h"
#include "CellGeometry.h"
#include "CellRaster.h"
#include "CellValuePainter.h"
#include "ColorBarPainter.h"
#include "ColorMap.h"
#include "MatrixStats.h"
#include "ValueText.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPaintDevice>
#include <QPainter>
#include <QSet>

#include <cmath>
#include <deque>

namespace ae {

namespace {

const Matrix& matrixOf(const HeatmapSpec& spec)
{
    static const Matrix empty;
    return spec.matrix ? *spec.matrix : empty;
}

double measureWidestLabel(const QFontMetricsF& fm, const QStringList& labels, Eigen::Index count)
{
    double widest = 0;
    // Token labels repeat (a 1024-token text has a few hundred distinct words): measure each once.
    QSet<QString> measured;
    for (Eigen::Index i = 0; i < std::min<Eigen::Index>(count, labels.size()); ++i)
        if (!measured.contains(labels[i])) {
            measured.insert(labels[i]);
            widest = std::max(widest, fm.horizontalAdvance(labels[i]));
        }
    if (labels.size() < count) // the rest are indices; the last is the widest
        widest = std::max(widest, fm.horizontalAdvance(QString::number(count - 1)));
    return widest;
}

// Shaping a thousand distinct labels takes tens of milliseconds, and every head of a trace,
// and every recompute that keeps the sentence, has the same labels: the last widths are
// remembered (per thread, as fonts are used on one).
double widestLabel(const QFont& font, const QFontMetricsF& fm, const HeatmapSpec& spec,
                   Eigen::Index count, bool rows)
{
    struct Measured
    {
        QString font;
        QStringList labels;
        Eigen::Index count;
        double width;
    };
    constexpr std::size_t Remembered = 16;
    thread_local std::deque<Measured> cache;
    const QStringList& labels = rows ? spec.rowLabels : spec.columnLabels;
    const QString key = font.key();
    for (const Measured& m : cache)
        if (m.count == count && m.font == key && m.labels == labels)
            return m.width;
    const double width = measureWidestLabel(fm, labels, count);
    cache.push_front({key, labels, count, width});
    if (cache.size() > Remembered)
        cache.pop_back();
    return width;
}

double pixelRatioOf(const QPainter& painter, const HeatmapStyle& style,
                    const CellGeometry& geometry)
{
    if (style.rasterCellPixels > 0) {
        const double cell = std::min(geometry.cellWidth(), geometry.cellHeight());
        const double side = std::max(geometry.area().width(), geometry.area().height());
        if (cell > 0 && side > 0)
            return std::min(style.rasterCellPixels / cell, HeatmapStyle::MaxRasterSide / side);
    }
    if (style.rasterPixelRatio > 0)
        return style.rasterPixelRatio;
    const QPaintDevice* device = painter.device();
    return device ? device->devicePixelRatioF() : 1.0;
}

// Lines between cells once cells are big enough to spare them (8 px per pixel of line).
constexpr double MinGridCell = 8;

} // namespace

HeatmapPainter::HeatmapPainter(HeatmapStyle style) : m_style(std::move(style)) {}

HeatmapPainter::Prepared HeatmapPainter::prepare(const HeatmapSpec& spec) const
{
    const Matrix& matrix = matrixOf(spec);
    const QFontMetricsF fm(m_style.font), title(m_style.titleFont());
    HeatmapMetrics m;
    m.lineHeight = std::ceil(fm.height());
    m.titleHeight = std::ceil(title.height() * 1.2);
    m.titleWidth = std::ceil(title.horizontalAdvance(spec.title));
    m.operationWidth = std::ceil(fm.horizontalAdvance(spec.operation));
    const double cap = HeatmapLayout::MaxLabelLines * m.lineHeight;
    m.rowLabelWidth =
        std::ceil(std::min(cap, widestLabel(m_style.font, fm, spec, specRows(spec), true)));
    m.columnLabelWidth =
        std::ceil(std::min(cap, widestLabel(m_style.font, fm, spec, specColumns(spec), false)));
    // Once: the scale and the widths need it. A derived matrix's come from its reduction.
    const MatrixStats stats = spec.stats && spec.statsOf == spec.matrix.get() ? *spec.stats
                              : spec.reduced ? MatrixStats::of(spec.reduced->values)
                                             : MatrixStats::of(matrix);
    const std::optional<float> hidden = stats.firstNonFinite;
    m.hasHidden = hidden.has_value();
    const QString hiddenText = hidden ? cellText(*hidden, spec.decimals) : QString();
    // Values are printed when they fit at their smallest size (presentation: bold, a little
    // smaller than the labels; else the label font).
    const QFontMetricsF value(m_style.smallestValueFont());
    m.valueWidth =
        std::ceil(std::max(value.horizontalAdvance(widestCellText(stats.maxAbs, spec.decimals)),
                           value.horizontalAdvance(hiddenText)));
    m.valueHeight = std::ceil(value.height());
    // Tick labels are measured at the densest scale the bar can show; fewer ticks never need
    // more room (coarser steps have fewer decimals).
    const ColorMap colors = ColorMap::forSpec(spec, stats).withPalette(m_style.cells);
    double ticks = fm.horizontalAdvance(hiddenText);
    if (spec.scheme == ColorScheme::Mask) {
        ticks = std::max({ticks, fm.horizontalAdvance(QStringLiteral("0")),
                          fm.horizontalAdvance(QStringLiteral("1"))});
    } else {
        ticks = std::max(ticks, ColorBarPainter::widestTickLabel(m_style.font, colors));
    }
    m.tickLabelWidth = std::ceil(ticks);
    if (const QString caption = ColorBarPainter::scaleCaption(colors); !caption.isEmpty())
        m.scaleCaptionWidth = std::ceil(fm.horizontalAdvance(caption));
    return {m, colors};
}

HeatmapLayout HeatmapPainter::layout(const HeatmapSpec& spec, const QRectF& target) const
{
    return HeatmapLayout::compute(spec, target, metrics(spec));
}

QSizeF HeatmapPainter::preferredSize(const HeatmapSpec& spec) const
{
    return HeatmapLayout::preferredSize(spec, metrics(spec));
}

QStringList HeatmapPainter::operationLines(const QFontMetricsF& fm, const QString& operation,
                                           double width, int lines)
{
    if (lines < 2 || fm.horizontalAdvance(operation) <= width)
        return {fm.elidedText(operation, Qt::ElideRight, width)};
    // The formula on the first line, its shapes (": (6×6) → (6×6)") on the second; else
    // as many words as fit on the first.
    qsizetype cut = operation.lastIndexOf(QStringLiteral(" : "));
    if (cut <= 0 || fm.horizontalAdvance(operation.left(cut)) > width) {
        cut = -1;
        for (qsizetype space = operation.indexOf(u' '); space > 0;
             space = operation.indexOf(u' ', space + 1)) {
            if (fm.horizontalAdvance(operation.left(space)) > width)
                break;
            cut = space;
        }
    }
    if (cut <= 0)
        return {fm.elidedText(operation, Qt::ElideRight, width)};
    return {operation.left(cut),
            fm.elidedText(operation.mid(cut + 1).trimmed(), Qt::ElideRight, width)};
}

QString HeatmapPainter::downsamplingNote(Eigen::Index rows, Eigen::Index columns, int rowBlock,
                                         int columnBlock)
{
    const Eigen::Index shownRows = (rows + rowBlock - 1) / rowBlock;
    const Eigen::Index shownColumns = (columns + columnBlock - 1) / columnBlock;
    return tr("%1×%2 shown as %3×%4 (max |value| per %5×%6 block)")
        .arg(rows)
        .arg(columns)
        .arg(shownRows)
        .arg(shownColumns)
        .arg(rowBlock)
        .arg(columnBlock);
}

void HeatmapPainter::paint(QPainter& painter, const HeatmapSpec& spec, const QRectF& target,
                           const View& view) const
{
    paint(painter, spec, target, view, prepare(spec));
}

void HeatmapPainter::paint(QPainter& painter, const HeatmapSpec& spec, const QRectF& target,
                           const View& view, const Prepared& prepared) const
{
    if (m_style.background.isValid())
        painter.fillRect(target, m_style.background);
    paintPanel(painter, spec, target, view, prepared);
}

void HeatmapPainter::paintPanel(QPainter& painter, const HeatmapSpec& spec, const QRectF& target,
                                const View& view, const Prepared& prepared) const
{
    const Matrix& matrix = matrixOf(spec);
    const Eigen::Index rowCount = specRows(spec), columnCount = specColumns(spec);
    const HeatmapMetrics& metrics = prepared.metrics;
    const HeatmapLayout layout = HeatmapLayout::compute(spec, target, metrics);
    const ColorMap& colors = prepared.colors;
    const CellGeometry geometry(rowCount, columnCount, layout.cells, view.zoom, view.pan);

    painter.save();
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    const QFontMetricsF fm(m_style.font), titleMetrics(m_style.titleFont());
    if (!layout.title.isEmpty()) {
        painter.setFont(m_style.titleFont());
        painter.setPen(m_style.foreground);
        const int lines =
            std::max(1, int(std::lround(layout.title.height() / metrics.titleHeight)));
        painter.drawText(
            layout.title, Qt::AlignCenter,
            operationLines(titleMetrics, spec.title, layout.title.width(), lines).join(u'\n'));
    }
    painter.setFont(m_style.font);
    if (!layout.operation.isEmpty()) {
        painter.setPen(m_style.muted);
        const int lines =
            std::max(1, int(std::lround(layout.operation.height() / metrics.lineHeight)));
        painter.drawText(
            layout.operation, Qt::AlignCenter,
            operationLines(fm, spec.operation, layout.operation.width(), lines).join(u'\n'));
    }
    if (rowCount * columnCount == 0) {
        painter.setPen(m_style.muted);
        const QRectF below(target.left(), layout.cells.top(), target.width(), metrics.lineHeight);
        painter.drawText(below, Qt::AlignCenter,
                         tr("empty matrix (%1×%2)").arg(rowCount).arg(columnCount));
        painter.restore();
        return;
    }

    const double ratio = pixelRatioOf(painter, m_style, geometry);
    const IndexRange rows = geometry.visibleRows(), columns = geometry.visibleColumns();
    const bool vector = !spec.derived && rows.count() * columns.count() <= MaxVectorCells &&
                        geometry.rowBlock(ratio) == 1 && geometry.columnBlock(ratio) == 1;
    if (vector) {
        paintCellsVector(
            painter, spec, colors, geometry,
            HeatmapLayout::valuesFit(geometry.cellWidth(), geometry.cellHeight(), metrics));
    } else {
        const CellRaster::Result raster =
            spec.derived
                ? CellRaster::render(*spec.derived, spec.reduced.get(), colors, geometry, ratio)
                : CellRaster::render(matrix, colors, geometry, ratio);
        if (!raster.image.isNull())
            painter.drawImage(QRectF(layout.cells.topLeft(), QSizeF(raster.image.width() / ratio,
                                                                    raster.image.height() / ratio)),
                              raster.image);
        painter.setPen(QPen(m_style.muted, 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(layout.cells.adjusted(-0.5, -0.5, 0.5, 0.5));
        if ((raster.rowBlock > 1 || raster.columnBlock > 1) && !layout.note.isEmpty()) {
            painter.setPen(m_style.muted);
            const QString note =
                downsamplingNote(rowCount, columnCount, raster.rowBlock, raster.columnBlock);
            painter.drawText(layout.note, Qt::AlignLeft | Qt::AlignVCenter,
                             fm.elidedText(note, Qt::ElideRight, layout.note.width()));
        }
    }
    paintOutlines(painter, spec, geometry);
    paintHighlight(painter, geometry, view);
    AxisLabelPainter(m_style, metrics)
        .paint(painter, spec, layout, geometry, view.highlightRow, view.highlightColumn);
    ColorBarPainter(m_style, metrics).paint(painter, spec, colors, layout);
    painter.restore();
}

void HeatmapPainter::paintCellsVector(QPainter& painter, const HeatmapSpec& spec,
                                      const ColorMap& colors, const CellGeometry& geometry,
                                      bool showValues) const
{
    const Matrix& matrix = matrixOf(spec);
    const IndexRange rows = geometry.visibleRows(), columns = geometry.visibleColumns();
    const QRectF area = geometry.area();
    const double smallest = std::min(geometry.cellWidth(), geometry.cellHeight());
    const bool grid = smallest >= MinGridCell;
    const int wanted = m_style.gridLine(geometry.cellWidth(), geometry.cellHeight());
    const int line = smallest >= MinGridCell * wanted ? wanted : 1;
    painter.save();
    if (geometry.zoom() > 1)
        painter.setClipRect(area);
    // Cells edge to edge without antialiasing: adjacent rectangles leave no seams.
    painter.setRenderHint(QPainter::Antialiasing, false);
    if (grid)
        painter.fillRect(area.adjusted(-line, -line, 0, 0), m_style.grid);
    auto cellRect = [&](Eigen::Index r, Eigen::Index c) {
        const QRectF rect = geometry.cellRect(r, c);
        return grid ? rect.adjusted(0, 0, -line, -line) : rect;
    };
    std::vector<QRectF> hidden;
    for (Eigen::Index r = rows.first; r < rows.last; ++r) {
        for (Eigen::Index c = columns.first; c < columns.last; ++c) {
            const int index = colors.index(matrix(r, c), r);
            const QRectF rect = cellRect(r, c);
            if (index == ColorMap::NoIndex) {
                painter.fillRect(rect, QColor::fromRgb(ColorMap::hiddenColor()));
                hidden.push_back(rect);
            } else {
                painter.fillRect(rect, QColor::fromRgb(colors.colorAt(index)));
            }
        }
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const QRectF& rect : hidden)
        paintHatch(painter, rect, area.topLeft() - geometry.pan());
    if (showValues)
        CellValuePainter(m_style, colors, geometry).paint(painter, spec, cellRect, grid ? line : 0);
    painter.restore();
}

void HeatmapPainter::paintHatch(QPainter& painter, const QRectF& cell, const QPointF& origin) const
{
    const QList<QLineF> lines = CellRaster::hatchLines(cell, origin);
    painter.setPen(QPen(QColor::fromRgb(ColorMap::hatchColor()), 1));
    painter.drawLines(lines.data(), int(lines.size()));
}

void HeatmapPainter::paintOutlines(QPainter& painter, const HeatmapSpec& spec,
                                   const CellGeometry& geometry) const
{
    if (!spec.outlined || spec.outlined->empty())
        return;
    const IndexRange rows = geometry.visibleRows(), columns = geometry.visibleColumns();
    const double smallest = std::min(geometry.cellWidth(), geometry.cellHeight());
    // An orange frame (Okabe-Ito's orange: apart from the sequential and diverging maps in
    // colour-blind vision) on a white halo; cells under 12 px get a 1 px frame, under 6 px no
    // halo.
    const double width = smallest >= 12 ? 2.0 : 1.0;
    painter.save();
    painter.setClipRect(geometry.area());
    painter.setBrush(Qt::NoBrush);
    for (const auto& [row, column] : *spec.outlined) {
        if (row < rows.first || row >= rows.last || column < columns.first ||
            column >= columns.last)
            continue;
        const QRectF rect = geometry.cellRect(row, column);
        const double inset = smallest >= 6 ? width / 2 + 1 : 0;
        const QRectF inner = rect.adjusted(inset, inset, -inset, -inset);
        if (smallest >= 6) {
            painter.setPen(QPen(Qt::white, width + 2));
            painter.drawRect(inner);
        }
        painter.setPen(QPen(QColor(0xE6, 0x9F, 0x00), width));
        painter.drawRect(inner);
    }
    painter.restore();
}

void HeatmapPainter::paintHighlight(QPainter& painter, const CellGeometry& geometry,
                                    const View& view) const
{
    std::vector<std::pair<QRectF, double>> frames; // rectangle, pen width
    auto valid = [](std::optional<Eigen::Index> i, Eigen::Index n) {
        return i && *i >= 0 && *i < n;
    };
    const bool row = valid(view.highlightRow, geometry.rows()),
               column = valid(view.highlightColumn, geometry.columns());
    if (row)
        frames.emplace_back(geometry.rowRect(*view.highlightRow), 2.0);
    if (column)
        frames.emplace_back(geometry.columnRect(*view.highlightColumn), 2.0);
    if (row && column)
        frames.emplace_back(geometry.cellRect(*view.highlightRow, *view.highlightColumn)
                                .intersected(geometry.area()),
                            3.0);
    painter.save();
    painter.setBrush(Qt::NoBrush);
    // A dark line on a white halo shows on every cell colour, in light and dark themes.
    for (const auto& [rect, width] : frames) {
        if (rect.isEmpty())
            continue;
        const QRectF inner = rect.adjusted(1.5, 1.5, -1.5, -1.5);
        painter.setPen(QPen(Qt::white, width + 2));
        painter.drawRect(inner);
        painter.setPen(QPen(QColor(0x11, 0x11, 0x11), width));
        painter.drawRect(inner);
    }
    painter.restore();
}

std::vector<QRectF> HeatmapPainter::panelRects(const Figure& figure, const QRectF& target) const
{
    std::vector<QRectF> rects;
    const int count = int(figure.panels.size());
    if (count == 0)
        return rects;
    const int columns = std::clamp(figure.columns, 1, count);
    const int rows = (count + columns - 1) / columns;
    const double top = target.top() + figureTitleHeight(figure);
    const double width = target.width() / columns, height = (target.bottom() - top) / rows;
    for (int i = 0; i < count; ++i)
        rects.emplace_back(target.left() + (i % columns) * width, top + (i / columns) * height,
                           width, height);
    return rects;
}

double HeatmapPainter::figureTitleHeight(const Figure& figure) const
{
    return figure.title.isEmpty()
               ? 0.0
               : std::ceil(QFontMetricsF(m_style.figureTitleFont()).height() * 1.8);
}

QSizeF HeatmapPainter::preferredSize(const Figure& figure) const
{
    QSizeF panel(0, 0);
    for (const HeatmapSpec& spec : figure.panels)
        panel = panel.expandedTo(preferredSize(spec));
    const int count = int(figure.panels.size());
    const int columns = std::clamp(figure.columns, 1, std::max(count, 1));
    const int rows = (count + columns - 1) / columns;
    const double titleWidth =
        QFontMetricsF(m_style.figureTitleFont()).horizontalAdvance(figure.title);
    const double margin = HeatmapLayout::margin(metrics({}));
    return {std::ceil(std::max(panel.width() * columns, titleWidth + 2 * margin)),
            std::ceil(figureTitleHeight(figure) + panel.height() * rows)};
}

QFont HeatmapPainter::fittedTitleFont(const Figure& figure, double width) const
{
    QFont font = m_style.figureTitleFont();
    const double needed = QFontMetricsF(font).horizontalAdvance(figure.title);
    if (needed > width && width > 0) {
        const double shrink = std::max(0.6, width / needed * 0.98);
        if (font.pixelSize() > 0)
            font.setPixelSize(std::max(1, int(font.pixelSize() * shrink)));
        else
            font.setPointSizeF(font.pointSizeF() * shrink);
    }
    return font;
}

void HeatmapPainter::paint(QPainter& painter, const Figure& figure, const QRectF& target) const
{
    if (m_style.background.isValid())
        painter.fillRect(target, m_style.background);
    if (!figure.title.isEmpty()) {
        painter.save();
        painter.setRenderHint(QPainter::TextAntialiasing);
        const QRectF band(target.left(), target.top(), target.width(), figureTitleHeight(figure));
        const QFont font = fittedTitleFont(figure, band.width());
        painter.setFont(font);
        painter.setPen(m_style.foreground);
        painter.drawText(
            band, Qt::AlignCenter,
            QFontMetricsF(font).elidedText(figure.title, Qt::ElideRight, band.width()));
        painter.restore();
    }
    const std::vector<QRectF> rects = panelRects(figure, target);
    for (std::size_t i = 0; i < rects.size(); ++i)
        paintPanel(painter, figure.panels[i], rects[i], {}, prepare(figure.panels[i]));
}

} // namespace ae
