#include "DeckSlidePainter.h"

#include "DeckStyle.h"
#include "HeadMosaic.h"
#include "HeatmapPainter.h"
#include "ScalingChart.h"
#include "SlideFigure.h"
#include "SlideText.h"
#include "TokenStrip.h"

#include <QFontMetricsF>
#include <QPainter>

#include <functional>
#include <optional>

namespace ae {

using namespace deck;

namespace {

constexpr double Margin = 44;
constexpr double TitleTop = 20;
constexpr double BodyTop = 94;
constexpr double FooterHeight = 40;
constexpr double ColumnGap = 36;
constexpr double RowGap = 12;
constexpr double TextColumn = 0.40; // of the body's width
constexpr double NarrowTextColumn = 0.30;
constexpr double MinTextScale = 0.7;
constexpr int ChartFontPixels = 17;
constexpr int TokenFontPixels = 26;

QSizeF stacked(const QSizeF& total, const QSizeF& item)
{
    return {std::max(total.width(), item.width()), total.height() + item.height()};
}

// The largest text scale (down to MinTextScale) at which `fits` holds.
double textScale(const DeckSlide& slide, const std::function<bool(const SlideText&)>& fits)
{
    double scale = 1.0;
    while (scale > MinTextScale && !fits(SlideText(slide, scale)))
        scale -= 0.05;
    return scale;
}

} // namespace

struct DeckSlidePainter::Layout
{
    QRectF explanation, formula, visuals;
    double textScale = 1;
    int formulaWraps = 0;
    bool fits = true; // the text fits its place, even at the smallest scale
};

struct DeckSlidePainter::Visual
{
    QSizeF size;
    std::function<void(QPainter&, const QRectF&)> paint;
    double maxScale = MaxFigureScale; // the token strip and the chart have large type already
    double minScale = 0;          // besides the floor; the mosaic lays itself out in any space at 1
    std::optional<Figure> figure; // a heatmap figure, as painted (not a mosaic or a chart)
};

// Where the visuals go in their area: one scale for all, and each one's rectangle.
struct DeckSlidePainter::Arrangement
{
    double scale = 1;
    std::vector<QRectF> rects; // on the page
};

std::vector<DeckSlidePainter::Visual> DeckSlidePainter::visuals(const DeckSlide& slide,
                                                                int columns) const
{
    std::vector<Visual> items;
    if (!slide.trace)
        return items;
    const HeatmapPainter hp = SlideFigure::painter();
    for (const Figure& original : slide.figures) {
        Figure figure = SlideFigure::compact(original);
        if (columns > 0 && figure.panels.size() > 2 && figure.panels.size() < HeadMosaic::MinHeads)
            figure.columns = columns;
        if (figure.panels.size() >= HeadMosaic::MinHeads) {
            const HeadMosaic mosaic(figure, pixelFont(QFont(), SlideFigure::FontPixels),
                                    slide.highlightQuery);
            items.push_back(
                {mosaic.preferredSize(),
                 [mosaic](QPainter& painter, const QRectF& r) { mosaic.paint(painter, r); }, 1.2,
                 1.0, std::nullopt});
            continue;
        }
        items.push_back(
            {hp.preferredSize(figure),
             [figure, query = slide.highlightQuery](QPainter& painter, const QRectF& r) {
                 SlideFigure::paint(painter, figure, r, query);
             },
             MaxFigureScale, 0, figure});
    }
    if (slide.extra == StepExtra::ScalingChart) {
        const QFont font = pixelFont(QFont(), ChartFontPixels);
        const ScalingChart chart(ScalingChart::sharedDemo());
        items.push_back(
            {chart.preferredSize(font),
             [chart, font](QPainter& painter, const QRectF& r) { chart.paint(painter, r, font); },
             1.4, MinFigureScale, std::nullopt});
    }
    if (slide.extra == StepExtra::TokenStrip) {
        const TokenStrip strip(*slide.trace, pixelFont(QFont(), TokenFontPixels));
        items.push_back({strip.preferredSize(PageWidth - 2 * Margin),
                         [strip](QPainter& painter, const QRectF& r) { strip.paint(painter, r); },
                         1.6, MinFigureScale, std::nullopt});
    }
    return items;
}

std::vector<DeckSlidePainter::Layout> DeckSlidePainter::layouts(const DeckSlide& slide,
                                                                const QRectF& body) const
{
    const double w = body.width();
    std::vector<Layout> candidates;
    // Text left, visuals right; the narrower column leaves the figure more room.
    for (const double share : {TextColumn, NarrowTextColumn}) {
        const double column = std::round(w * share);
        Layout l;
        l.textScale = textScale(slide, [&](const SlideText& t) {
            return t.explanationHeight(column) + t.gap() + t.formulaHeight(column) <= body.height();
        });
        const SlideText text(slide, l.textScale);
        const double e = text.explanationHeight(column);
        l.explanation = QRectF(body.left(), body.top(), column, e);
        l.formula =
            QRectF(body.left(), body.top() + e + text.gap(), column, text.formulaHeight(column));
        l.visuals = QRectF(body.left() + column + ColumnGap, body.top(), w - column - ColumnGap,
                           body.height());
        l.formulaWraps = text.formulaWraps(column);
        l.fits = l.formula.bottom() <= body.bottom();
        candidates.push_back(l);
    }
    // Text on top, visuals below: the text in half the height, or smaller in less.
    for (const double share : {0.5, 0.4}) {
        Layout l;
        l.textScale = textScale(slide, [&](const SlideText& t) {
            return t.explanationHeight(w) + t.gap() + t.formulaHeight(w) <= body.height() * share;
        });
        const SlideText text(slide, l.textScale);
        const double e = text.explanationHeight(w);
        l.explanation = QRectF(body.left(), body.top(), w, e);
        l.formula = QRectF(body.left(), body.top() + e + text.gap(), w, text.formulaHeight(w));
        const double top = l.formula.height() > 0 ? l.formula.bottom() : l.explanation.bottom();
        l.visuals =
            QRectF(body.left(), top + RowGap, w, std::max(1.0, body.bottom() - top - RowGap));
        l.formulaWraps = text.formulaWraps(w);
        l.fits = top + RowGap < body.bottom();
        candidates.push_back(l);
    }
    {
        // Explanation and formula side by side on top, visuals below across the body: a row
        // of panels gets the height that the two texts one above the other would take.
        const double column = std::round((w - ColumnGap) / 2);
        Layout l;
        l.textScale = textScale(slide, [&](const SlideText& t) {
            return std::max(t.explanationHeight(column), t.formulaHeight(column)) <=
                   body.height() * 0.4;
        });
        const SlideText text(slide, l.textScale);
        l.explanation = QRectF(body.left(), body.top(), column, text.explanationHeight(column));
        l.formula = QRectF(body.right() - column, body.top(), column, text.formulaHeight(column));
        const double top = std::max(l.explanation.bottom(), l.formula.bottom());
        l.visuals =
            QRectF(body.left(), top + RowGap, w, std::max(1.0, body.bottom() - top - RowGap));
        l.formulaWraps = text.formulaWraps(column);
        l.fits = top + RowGap < body.bottom();
        if (!slide.formula.isEmpty() || !slide.error.isEmpty())
            candidates.push_back(l);
    }
    {
        // Explanation left, visuals right, the formula across the bottom.
        const double column = std::round(w * TextColumn);
        Layout l;
        l.textScale = textScale(slide, [&](const SlideText& t) {
            return t.explanationHeight(column) + t.gap() + t.formulaHeight(w) <= body.height();
        });
        const SlideText text(slide, l.textScale);
        const double formula = text.formulaHeight(w);
        const double top = body.height() - formula - (formula > 0 ? RowGap : 0);
        l.explanation = QRectF(body.left(), body.top(), column, text.explanationHeight(column));
        l.formula = QRectF(body.left(), body.bottom() - formula, w, formula);
        l.visuals = QRectF(body.left() + column + ColumnGap, body.top(), w - column - ColumnGap,
                           std::max(1.0, top));
        l.formulaWraps = text.formulaWraps(w);
        l.fits = l.explanation.bottom() + RowGap <= l.formula.top();
        candidates.push_back(l);
    }
    return candidates;
}

DeckSlidePainter::Arrangement DeckSlidePainter::arrange(const std::vector<Visual>& items,
                                                        const QRectF& area, double floor)
{
    Arrangement result;
    QSizeF total(0, 0);
    double maxScale = MaxFigureScale, minScale = floor;
    for (const Visual& item : items) {
        total = stacked(total, item.size);
        maxScale = std::min(maxScale, item.maxScale);
        minScale = std::max(minScale, std::max(floor, item.minScale));
    }
    if (items.empty() || total.isEmpty())
        return result;
    const double fit = std::min(area.width() / total.width(), area.height() / total.height());
    result.scale = std::clamp(fit, std::min(minScale, maxScale), maxScale);
    // At their preferred size, scaled as a whole and centred; or, when even the smallest
    // scale leaves them too big, each in its share of the height, laid out to fit.
    const bool preferred = fit >= result.scale;
    double y =
        preferred ? area.top() + (area.height() - total.height() * result.scale) / 2 : area.top();
    for (const Visual& item : items) {
        const double height = preferred ? item.size.height() * result.scale
                                        : area.height() * item.size.height() / total.height();
        result.rects.emplace_back(area.left(), y, area.width(), height);
        y += height;
    }
    return result;
}

DeckSlidePainter::Placement DeckSlidePainter::place(const DeckSlide& slide,
                                                    std::vector<Visual>* chosen) const
{
    const QRectF body(Margin, BodyTop, PageWidth - 2 * Margin,
                      PageHeight - BodyTop - FooterHeight - 8);
    Placement best;
    double bestScore = -1;
    for (const int columns : {0, 1, 2, 3}) {
        std::vector<Visual> items = visuals(slide, columns);
        QSizeF size(0, 0);
        for (const Visual& item : items)
            size = stacked(size, item.size);
        if (items.empty() || size.isEmpty()) {
            // Text alone, across the body.
            const double w = body.width();
            const SlideText text(slide, textScale(slide, [&](const SlideText& t) {
                                     return t.explanationHeight(w) + t.gap() + t.formulaHeight(w) <=
                                            body.height();
                                 }));
            const double e = text.explanationHeight(w);
            best = {};
            best.textScale = text.scale();
            best.explanation = QRectF(body.left(), body.top(), w, e);
            best.formula =
                QRectF(body.left(), body.top() + e + text.gap(), w, text.formulaHeight(w));
            if (chosen)
                chosen->clear();
            return best;
        }
        const auto main = std::find_if(items.begin(), items.end(),
                                       [](const Visual& v) { return v.figure.has_value(); });
        for (const Layout& layout : layouts(slide, body)) {
            // A figure whose cells cannot print their values at MinFigureScale may go down to
            // ValuesFigureScale if that prints them.
            for (const double floor : {MinFigureScale, ValuesFigureScale}) {
                const Arrangement arrangement = arrange(items, layout.visuals, floor);
                Placement placement;
                placement.explanation = layout.explanation;
                placement.formula = layout.formula;
                placement.visuals = layout.visuals;
                placement.textScale = layout.textScale;
                placement.figureScale = arrangement.scale;
                double score = 0;
                if (main != items.end()) {
                    // The main figure first: its cells' size, a little less for smaller text
                    // or a wrapped formula, more when the cells print their values.
                    const double s = arrangement.scale;
                    const QRectF r = arrangement.rects[std::size_t(main - items.begin())];
                    placement.cell = SlideFigure::smallestCell(
                                         *main->figure, QRectF(0, 0, r.width() / s, r.height() / s),
                                         &placement.valuesShown) *
                                     s;
                    score = std::min(placement.cell.width(), placement.cell.height()) *
                            std::sqrt(layout.textScale) * std::pow(0.97, layout.formulaWraps) *
                            (placement.valuesShown ? 1.25 : 1.0);
                    if (floor < MinFigureScale && !placement.valuesShown)
                        continue;
                } else {
                    if (floor < MinFigureScale)
                        continue;
                    // Areas: the visuals' grow with the square of their scale, as the text's.
                    const double fit =
                        std::min({layout.visuals.width() / size.width(),
                                  layout.visuals.height() / size.height(), MaxFigureScale});
                    score = fit * fit * layout.textScale * layout.textScale *
                            std::pow(0.9, layout.formulaWraps);
                }
                if (!layout.fits)
                    score *= 0.01; // text cut: only when nothing else fits
                if (score > bestScore * 1.05) {
                    bestScore = score;
                    best = placement;
                    if (chosen)
                        *chosen = items;
                }
                if (placement.valuesShown)
                    break;
            }
        }
    }
    return best;
}

DeckSlidePainter::Placement DeckSlidePainter::placement(const DeckSlide& slide) const
{
    return place(slide, nullptr);
}

void DeckSlidePainter::paintFrame(QPainter& painter, const DeckSlide& slide) const
{
    painter.fillRect(QRectF(0, 0, PageWidth, PageHeight), Qt::white);
    QFont title = pixelFont(QFont(), 40);
    title.setBold(true);
    const QFontMetricsF titleMetrics(title);
    const QRectF titleBand(Margin, TitleTop, PageWidth - 2 * Margin, BodyTop - TitleTop - 20);
    const QString number = QString::number(slide.number);
    painter.setFont(title);
    painter.setPen(Accent);
    const double numberWidth = titleMetrics.horizontalAdvance(number + QStringLiteral("  "));
    painter.drawText(titleBand, Qt::AlignLeft | Qt::AlignVCenter, number);
    painter.setPen(Foreground);
    painter.drawText(
        titleBand.adjusted(numberWidth, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
        titleMetrics.elidedText(slide.title, Qt::ElideRight, titleBand.width() - numberWidth));
    painter.setPen(QPen(Accent, 3));
    painter.drawLine(QPointF(Margin, BodyTop - 16), QPointF(PageWidth - Margin, BodyTop - 16));

    const QRectF footer(Margin, PageHeight - FooterHeight + 8, PageWidth - 2 * Margin,
                        FooterHeight - 16);
    const QFont small = pixelFont(QFont(), 15);
    painter.setFont(small);
    painter.setPen(Muted);
    painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter,
                     tr("%1 / %2").arg(slide.number).arg(slide.total));
    painter.drawText(
        footer.adjusted(0, 0, -80, 0), Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(small).elidedText(slide.footer, Qt::ElideRight, footer.width() - 80));
}

void DeckSlidePainter::paint(QPainter& painter, const DeckSlide& slide) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintFrame(painter, slide);
    std::vector<Visual> items;
    const Placement placement = place(slide, &items);
    const SlideText text(slide, placement.textScale);
    text.paintExplanation(painter, placement.explanation);
    text.paintFormula(painter, placement.formula);
    if (!items.empty()) {
        const Arrangement arrangement = arrange(items, placement.visuals, placement.figureScale);
        const double scale = arrangement.scale;
        for (std::size_t i = 0; i < items.size(); ++i) {
            const QRectF& r = arrangement.rects[i];
            painter.save();
            painter.translate(r.topLeft());
            painter.scale(scale, scale);
            items[i].paint(painter, QRectF(0, 0, r.width() / scale, r.height() / scale));
            painter.restore();
        }
    }
    painter.restore();
}

} // namespace ae
