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
    static constexpr double MinFigureScale = 0.55;
    static constexpr double MaxFigureScale = 1.8;

    void paint(QPainter& painter, const DeckSlide& slide) const;

private:
    struct Layout;
    struct Visual;

    // columns > 0: figures of three or more panels (not head mosaics) in that many columns.
    std::vector<Visual> visuals(QPainter& painter, const DeckSlide& slide, int columns = 0) const;
    Layout chooseLayout(const DeckSlide& slide, const QRectF& body,
                        const QSizeF& visualsSize) const;
    void paintFrame(QPainter& painter, const DeckSlide& slide) const;
    void paintVisuals(QPainter& painter, const std::vector<Visual>& items,
                      const QRectF& area) const;
};

} // namespace ae
