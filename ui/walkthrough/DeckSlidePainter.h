#pragma once

#include "HeatmapSpec.h"
#include "WalkthroughStep.h"

#include <QCoreApplication>
#include <QRectF>

#include <memory>
#include <optional>
#include <vector>

class QPainter;

namespace ae {

class SlideText;
struct Trace;

// What one page of the deck shows: a step of the walkthrough for one computed trace.
struct DeckSlide
{
    int number = 1; // 1-based
    int total = 1;
    QString title, explanation, note, formula;
    std::vector<Figure> figures;
    StepExtra extra = StepExtra::None;
    std::shared_ptr<const Trace> trace; // null when the step's session could not be computed
    std::optional<int> highlightQuery;  // row highlighted in every query-token axis
    QString error;                      // why the step could not be computed
    QString footer;                     // the session, for the bottom line
};

// Paints a DeckSlide on a 1280×720 page (16:9, 96 dpi: a 13.33 × 7.5 in PDF page) in type
// sizes meant for a projector: title 40 px, text 24 px, formula 19 px (SlideText), heatmap
// labels 16 px (SlideFigure). Three layouts compete: text left and visuals right; text on
// top and visuals below; explanation left, visuals right and the formula across the bottom.
// Each shrinks its text (to 70 % at most) until it fits; the one that shows the visuals
// largest without shrinking or wrapping the text wins. Visuals are drawn at their preferred
// size scaled as a whole, type included, between MinFigureScale and MaxFigureScale; when
// even the smallest scale is too big they are laid out in the space they get. A figure of
// three panels is tried in one, two and three columns too: a row of three beside the text
// would otherwise be a thin strip of tiny panels.
class DeckSlidePainter
{
    Q_DECLARE_TR_FUNCTIONS(DeckSlidePainter)

public:
    static constexpr double PageWidth = 1280;
    static constexpr double PageHeight = 720;
    static constexpr double MinFigureScale = 0.7;     // labels 11 px
    static constexpr double ValuesFigureScale = 0.55; // 9 px, when that prints the values
    static constexpr double MaxFigureScale = 1.8;

    // Where a slide's parts go on the page, and how large the main figure's cells come out.
    struct Placement
    {
        QRectF explanation, formula, visuals;
        double textScale = 1;
        double figureScale = 1; // of the visuals
        QSizeF cell;            // the main figure's smallest cell (0 x 0: no heatmap figure)
        bool valuesShown = false;
    };

    void paint(QPainter& painter, const DeckSlide& slide) const;
    Placement placement(const DeckSlide& slide) const;

private:
    struct Layout;
    struct Visual;
    struct Arrangement;

    // columns > 0: figures of three or more panels (not head mosaics) in that many columns.
    std::vector<Visual> visuals(const DeckSlide& slide, int columns = 0) const;
    std::vector<Layout> layouts(const DeckSlide& slide, const QRectF& body) const;
    static Arrangement arrange(const std::vector<Visual>& items, const QRectF& area, double floor);
    Placement place(const DeckSlide& slide, std::vector<Visual>* chosen) const;
    void paintFrame(QPainter& painter, const DeckSlide& slide) const;
};

} // namespace ae
