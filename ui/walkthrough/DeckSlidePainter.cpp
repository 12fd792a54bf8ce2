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
constexpr double TitleTop = 26;
constexpr double BodyTop = 104;
constexpr double FooterHeight = 40;
constexpr double ColumnGap = 36;
constexpr double RowGap = 16;
constexpr double TextColumn = 0.40; // of the body's width
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
    double score = 0;
};

struct DeckSlidePainter::Visual
{
    QSizeF size;
    std::function<void(const QRectF&)> paint;
    double maxScale = MaxFigureScale; // the token strip and the chart have large type already
    double minScale = MinFigureScale; // the mosaic lays itself out in any space: type stays whole
};

std::vector<DeckSlidePainter::Visual>
DeckSlidePainter::visuals(QPainter& painter, const DeckSlide& slide, int columns) const
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
            items.push_back({mosaic.preferredSize(),
                             [&painter, mosaic](const QRectF& r) { mosaic.paint(painter, r); }, 1.2,
                             1.0});
            continue;
        }
        items.push_back({hp.preferredSize(figure),
                         [&painter, figure, query = slide.highlightQuery](const QRectF& r) {
                             SlideFigure::paint(painter, figure, r, query);
                         }});
    }
    if (slide.extra == StepExtra::ScalingChart) {
        const QFont font = pixelFont(QFont(), ChartFontPixels);
        const ScalingChart chart(ScalingChart::sharedDemo());
        items.push_back(
            {chart.preferredSize(font),
             [&painter, chart, font](const QRectF& r) { chart.paint(painter, r, font); }, 1.4});
    }
    if (slide.extra == StepExtra::TokenStrip) {
        const TokenStrip strip(*slide.trace, pixelFont(QFont(), TokenFontPixels));
        items.push_back({strip.preferredSize(PageWidth - 2 * Margin),
                         [&painter, strip](const QRectF& r) { strip.paint(painter, r); }, 1.6});
    }
    return items;
}

DeckSlidePainter::Layout DeckSlidePainter::chooseLayout(const DeckSlide& slide, const QRectF& body,
                                                        const QSizeF& visualsSize) const
{
    const double column = std::round(body.width() * TextColumn);
    const double w = body.width();
    auto score = [&](Layout& layout, double formulaWidth) {
        const double fit =
            std::min({layout.visuals.width() / visualsSize.width(),
                      layout.visuals.height() / visualsSize.height(), MaxFigureScale});
        // Areas: the figure's grows with the square of its scale, as the text's does.
        layout.score = fit * fit * layout.textScale * layout.textScale *
                       std::pow(0.9, SlideText(slide, layout.textScale).formulaWraps(formulaWidth));
    };
    std::vector<Layout> candidates(3);
    {
        // Text left, visuals right.
        Layout& l = candidates[0];
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
        score(l, column);
    }
    {
        // Text on top, visuals below.
        Layout& l = candidates[1];
        l.textScale = textScale(slide, [&](const SlideText& t) {
            return t.explanationHeight(w) + t.gap() + t.formulaHeight(w) <= body.height() * 0.5;
        });
        const SlideText text(slide, l.textScale);
        const double e = text.explanationHeight(w);
        l.explanation = QRectF(body.left(), body.top(), w, e);
        l.formula = QRectF(body.left(), body.top() + e + text.gap(), w, text.formulaHeight(w));
        const double top = l.formula.height() > 0 ? l.formula.bottom() : l.explanation.bottom();
        l.visuals =
            QRectF(body.left(), top + RowGap, w, std::max(1.0, body.bottom() - top - RowGap));
        score(l, w);
    }
    {
        // Explanation left, visuals right, the formula across the bottom.
        Layout& l = candidates[2];
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
        score(l, w);
    }
    return *std::max_element(candidates.begin(), candidates.end(),
                             [](const Layout& a, const Layout& b) { return a.score < b.score; });
}

void DeckSlidePainter::paintVisuals(QPainter& painter, const std::vector<Visual>& items,
                                    const QRectF& area) const
{
    QSizeF total(0, 0);
    double maxScale = MaxFigureScale, minScale = MinFigureScale;
    for (const Visual& item : items) {
        total = stacked(total, item.size);
        maxScale = std::min(maxScale, item.maxScale);
        minScale = std::max(minScale, item.minScale);
    }
    if (items.empty() || total.isEmpty())
        return;
    const double fit = std::min(area.width() / total.width(), area.height() / total.height());
    const double scale = std::clamp(fit, std::min(minScale, maxScale), maxScale);
    // At their preferred size, scaled as a whole and centred; or, when even the smallest
    // scale leaves them too big, each in its share of the height, laid out to fit.
    const bool preferred = fit >= scale;
    double y = preferred ? area.top() + (area.height() - total.height() * scale) / 2 : area.top();
    for (const Visual& item : items) {
        const double height = preferred ? item.size.height() * scale
                                        : area.height() * item.size.height() / total.height();
        painter.save();
        painter.translate(area.left(), y);
        painter.scale(scale, scale);
        item.paint(QRectF(0, 0, area.width() / scale, height / scale));
        painter.restore();
        y += height;
    }
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

    const QRectF body(Margin, BodyTop, PageWidth - 2 * Margin,
                      PageHeight - BodyTop - FooterHeight - 8);
    std::vector<Visual> items;
    QSizeF total(0, 0);
    std::optional<Layout> best;
    for (const int columns : {0, 1, 2, 3}) {
        std::vector<Visual> candidate = visuals(painter, slide, columns);
        QSizeF size(0, 0);
        for (const Visual& item : candidate)
            size = stacked(size, item.size);
        if (candidate.empty() || size.isEmpty()) {
            items = std::move(candidate);
            total = size;
            break;
        }
        const Layout layout = chooseLayout(slide, body, size);
        if (!best || layout.score > best->score * 1.05) {
            best = layout;
            items = std::move(candidate);
            total = size;
        }
    }
    if (items.empty() || total.isEmpty()) {
        const double w = body.width();
        const SlideText text(slide, textScale(slide, [&](const SlideText& t) {
                                 return t.explanationHeight(w) + t.gap() + t.formulaHeight(w) <=
                                        body.height();
                             }));
        const double e = text.explanationHeight(w);
        text.paintExplanation(painter, body);
        text.paintFormula(
            painter, QRectF(body.left(), body.top() + e + text.gap(), w, text.formulaHeight(w)));
        painter.restore();
        return;
    }
    const Layout layout = *best;
    const SlideText text(slide, layout.textScale);
    text.paintExplanation(painter, layout.explanation);
    text.paintFormula(painter, layout.formula);
    paintVisuals(painter, items, layout.visuals);
    painter.restore();
}

} // namespace ae
