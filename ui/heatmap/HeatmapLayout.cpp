#include "HeatmapLayout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae {

namespace {

struct Shape
{
    Eigen::Index rows = 0, columns = 0;
    bool title = false, operation = false, rowAxis = false, columnAxis = false;
    bool tokenColumns = false; // the columns have labels (tokens), not just indices
};

Shape shapeOf(const HeatmapSpec& spec)
{
    Shape s;
    s.rows = specRows(spec);
    s.columns = specColumns(spec);
    s.title = !spec.title.isEmpty();
    s.operation = !spec.operation.isEmpty();
    s.rowAxis = !spec.rowAxisTitle.isEmpty();
    s.columnAxis = !spec.columnAxisTitle.isEmpty();
    s.tokenColumns = !spec.columnLabels.isEmpty();
    return s;
}

// Space taken around the cells on each side.
struct Bands
{
    double head = 0; // title and caption, above everything
    double top = 0, left = 0, right = 0, bottom = 0;
};

Bands bandsFor(const Shape& s, const HeatmapMetrics& m, bool rotated, bool note,
               int operationLines = 1, int titleLines = 1)
{
    const double L = m.lineHeight, g = HeatmapLayout::gap(m), margin = HeatmapLayout::margin(m);
    Bands b;
    b.head = (s.title ? m.titleHeight * titleLines : 0) + (s.operation ? L * operationLines : 0);
    if (b.head > 0)
        b.head += g;
    b.top = margin + b.head + (s.columnAxis ? L + g / 2 : 0) +
            (s.columns > 0 ? (rotated ? m.columnLabelWidth : L) + g / 2 : 0);
    b.left = margin + (s.rowAxis ? L + g : 0) + (s.rows > 0 ? m.rowLabelWidth + g : 0);
    // The scale's caption may also take the gap before the bar and the margin after the ticks.
    b.right = margin + 1.5 * g +
              std::max(HeatmapLayout::barWidth(m) + HeatmapLayout::tickLength(m) + g / 2 +
                           m.tickLabelWidth,
                       m.scaleCaptionWidth - g - margin);
    // The colour bar's last tick label hangs L / 2 below the cells; the note goes below it.
    b.bottom = margin + L / 2 + (note ? g / 2 + L : 0);
    return b;
}

double desiredAspect(const Shape& s)
{
    return std::clamp(double(s.columns) / double(s.rows), 1 / HeatmapLayout::MaxAreaAspect,
                      HeatmapLayout::MaxAreaAspect);
}

// Cell size filling `available` with the matrix's proportions.
QSizeF cellSizeIn(const Shape& s, QSizeF available)
{
    if (s.rows <= 0 || s.columns <= 0 || !(available.width() > 0) || !(available.height() > 0))
        return {0, 0};
    const double a0 = desiredAspect(s);
    const double a = std::clamp(available.width() / available.height(),
                                a0 / HeatmapLayout::AspectSlack, a0 * HeatmapLayout::AspectSlack);
    double w = available.width(), h = available.height();
    if (w / h > a)
        w = h * a;
    else
        h = w / a;
    double cw = w / double(s.columns), ch = h / double(s.rows);
    // Whole-pixel cells stay crisp; below 4 px the lost space would be too large.
    if (cw >= 4)
        cw = std::floor(cw);
    if (ch >= 4)
        ch = std::floor(ch);
    return {cw, ch};
}

// Cells exist but one is smaller than a logical pixel.
bool isDownsampled(QSizeF cell)
{
    return cell.width() > 0 && cell.height() > 0 && (cell.width() < 1 || cell.height() < 1);
}

// Token labels are rotated rather than thinned when they do not fit side by side: every
// token matters. Index labels stay horizontal and are thinned (0, 50, 100, ...).
bool rotateColumnLabels(const Shape& s, double cellWidth, const HeatmapMetrics& m)
{
    return s.columns > 0 && s.tokenColumns &&
           m.columnLabelWidth + HeatmapLayout::gap(m) > cellWidth;
}

} // namespace

int HeatmapLayout::labelStep(double cellExtent, double labelExtent)
{
    if (!(labelExtent > 0) || cellExtent >= labelExtent)
        return 1;
    if (!(cellExtent > 0))
        return std::numeric_limits<int>::max();
    // Thinned labels get some air: a dense run of labels reads as a smear.
    const double needed = ThinnedLabelSpacing * labelExtent / cellExtent;
    for (double decade = 1; decade < 1e9; decade *= 10)
        for (const double f : {1.0, 2.0, 2.5, 5.0})
            if (f * decade >= needed && (f != 2.5 || decade >= 10))
                return int(f * decade);
    return std::numeric_limits<int>::max();
}

HeatmapLayout::LabelFit HeatmapLayout::labelFit(double cellExtent, double labelExtent,
                                                bool namesTokens)
{
    if (!namesTokens || !(labelExtent > 0) || !(cellExtent > 0))
        return {labelStep(cellExtent, labelExtent), 1};
    const double glyphs = labelExtent * LabelGlyphFill;
    if (cellExtent >= glyphs)
        return {1, 1};
    if (cellExtent >= glyphs * MinLabelScale)
        return {1, cellExtent / glyphs};
    return {int(std::ceil(ThinnedTokenSpacing * labelExtent / cellExtent)), 1};
}

double HeatmapLayout::cellPadding(const HeatmapMetrics& m)
{
    return std::max(3.0, std::round(m.valueHeight * 0.3));
}

bool HeatmapLayout::valuesFit(double cellWidth, double cellHeight, const HeatmapMetrics& m)
{
    const double pad = cellPadding(m);
    return cellWidth >= m.valueWidth + 2 * pad && cellHeight >= m.valueHeight + pad;
}

HeatmapLayout HeatmapLayout::compute(const HeatmapSpec& spec, const QRectF& target,
                                     const HeatmapMetrics& m)
{
    const Shape s = shapeOf(spec);
    // A title or caption wider than the target takes two lines rather than being cut ("(1…").
    const double textWidth = std::max(0.0, target.width() - 2 * margin(m));
    const int operationLines = s.operation && m.operationWidth > textWidth ? 2 : 1;
    const int titleLines = s.title && m.titleWidth > textWidth ? 2 : 1;
    auto fit = [&](bool rotated, bool& note) {
        for (note = false;; note = true) {
            const Bands b = bandsFor(s, m, rotated, note, operationLines, titleLines);
            const QSizeF cell = cellSizeIn(
                s, {target.width() - b.left - b.right, target.height() - b.top - b.bottom});
            if (note || !isDownsampled(cell))
                return std::pair{b, cell};
        }
    };
    bool note = false, rotated = false;
    auto [bands, cell] = fit(false, note);
    if (rotateColumnLabels(s, cell.width(), m)) {
        rotated = true;
        std::tie(bands, cell) = fit(true, note);
    }

    HeatmapLayout l;
    const double L = m.lineHeight, g = gap(m), edge = margin(m);
    l.cellWidth = cell.width();
    l.cellHeight = cell.height();
    l.columnLabelsRotated = rotated;
    l.downsampled = isDownsampled(cell);
    const double cellsWidth = l.cellWidth * double(s.columns),
                 cellsHeight = l.cellHeight * double(s.rows);
    const double groupWidth = bands.left + cellsWidth + bands.right;
    const double groupHeight = bands.top + cellsHeight + bands.bottom;
    const double x0 = target.left() + std::max(0.0, std::round((target.width() - groupWidth) / 2));
    const double y0 = target.top() + std::max(0.0, std::round((target.height() - groupHeight) / 2));

    double y = y0 + edge;
    if (s.title) {
        l.title = QRectF(target.left() + edge, y, textWidth, m.titleHeight * titleLines);
        y += m.titleHeight * titleLines;
    }
    if (s.operation)
        l.operation = QRectF(target.left() + edge, y, textWidth, L * operationLines);

    l.cells = QRectF(x0 + bands.left, y0 + bands.top, cellsWidth, cellsHeight);
    const QRectF& c = l.cells;
    const double labelBand = rotated ? m.columnLabelWidth : L;
    if (s.columns > 0)
        l.columnLabels = QRectF(c.left(), c.top() - g / 2 - labelBand, c.width(), labelBand);
    if (s.columnAxis)
        l.columnAxisTitle = QRectF(
            c.left(), c.top() - g / 2 - (s.columns > 0 ? labelBand + g / 2 : 0) - L, c.width(), L);
    if (s.rows > 0)
        l.rowLabels = QRectF(c.left() - g - m.rowLabelWidth, c.top(), m.rowLabelWidth, c.height());
    if (s.rowAxis)
        l.rowAxisTitle = QRectF(c.left() - g - (s.rows > 0 ? m.rowLabelWidth + g : 0) - L, c.top(),
                                L, c.height());
    if (l.downsampled)
        l.note = QRectF(c.left(), c.bottom() + L / 2 + g / 2,
                        std::max(c.width(), textWidth - (c.left() - target.left())), L);

    const double barX = c.right() + 1.5 * g, bw = barWidth(m);
    double barHeight = c.height();
    if (m.hasHidden) {
        // A line height apart, so the bar's last tick label and the key's label never touch.
        barHeight = std::max(0.0, barHeight - bw - L);
        l.hiddenKey = QRectF(barX, c.bottom() - bw, bw, bw);
    }
    l.colorBar = QRectF(barX, c.top(), bw, barHeight);
    l.colorBarLabels = QRectF(barX + bw + tickLength(m) + g / 2, c.top() - L / 2, m.tickLabelWidth,
                              c.height() + L);
    // Above the top tick label, in the band the column labels take over the cells.
    if (m.scaleCaptionWidth > 0)
        l.scaleCaption = QRectF(c.right() + g / 2, c.top() - L / 2 - L, m.scaleCaptionWidth, L);

    const LabelFit rowFit = labelFit(l.cellHeight, L, namesTokens(spec.rowAxis));
    const LabelFit columnFit = labelFit(l.cellWidth, rotated ? L : m.columnLabelWidth + g,
                                        rotated && namesTokens(spec.columnAxis));
    l.rowLabelStep = rowFit.step;
    l.rowLabelScale = rowFit.scale;
    l.columnLabelStep = columnFit.step;
    l.columnLabelScale = columnFit.scale;
    l.showValues = valuesFit(l.cellWidth, l.cellHeight, m);
    return l;
}

QSizeF HeatmapLayout::preferredSize(const HeatmapSpec& spec, const HeatmapMetrics& m)
{
    const Shape s = shapeOf(spec);
    const double longest = double(std::max(s.rows, s.columns));
    const double valueCell = std::ceil(
        std::max({m.valueWidth + 2 * cellPadding(m), m.valueHeight * 2, m.lineHeight * 1.5}));
    const bool values = longest * valueCell <= MaxPreferredValueExtent;
    const double cell = values ? valueCell : std::min(valueCell - 1, MaxPreferredExtent / longest);
    const double extent = values ? MaxPreferredValueExtent : MaxPreferredExtent;
    double width = std::min(double(s.columns) * cell, extent);
    double height = std::min(double(s.rows) * cell, extent);
    if (s.rows > 0 && s.columns > 0) {
        // A long strip grows across rather than shrinking along: 6 x 1024 becomes 640 x 160.
        const double a0 = desiredAspect(s);
        if (width / height > a0 * AspectSlack)
            height = width / (a0 * AspectSlack);
        else if (width / height < a0 / AspectSlack)
            width = height * (a0 / AspectSlack);
    }
    const double cellWidth = s.columns > 0 ? width / double(s.columns) : 0;
    const double cellHeight = s.rows > 0 ? height / double(s.rows) : 0;
    const bool rotated = rotateColumnLabels(s, cellWidth, m);
    const bool note = isDownsampled({cellWidth, cellHeight});
    const Bands b = bandsFor(s, m, rotated, note);
    const double edge = 2 * margin(m);
    const double w =
        std::max({b.left + width + b.right, m.titleWidth + edge, m.operationWidth + edge});
    return {std::ceil(w), std::ceil(b.top + height + b.bottom)};
}

} // namespace ae
