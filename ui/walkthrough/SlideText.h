#pragma once

#include <QFont>
#include <QRectF>

class QPainter;

namespace ae {

struct DeckSlide;

// The text of a deck slide at one type scale (1 = explanation 24 px, note 21 px italic,
// formula 19 px monospace): measured for the layout, then painted. The formula sits in a
// tinted box, one statement per line and statements a little apart, so that a statement
// that wraps still reads as one; a slide whose step could not be computed shows its error
// there instead.
class SlideText
{
public:
    SlideText(const DeckSlide& slide, double scale);

    double scale() const { return m_scale; }
    double gap() const; // between the explanation, the note and the formula

    double explanationHeight(double width) const; // with the note
    double formulaHeight(double width) const;     // 0 without a formula
    int formulaWraps(double width) const;         // lines beyond one per statement

    void paintExplanation(QPainter& painter, const QRectF& rect) const;
    void paintFormula(QPainter& painter, const QRectF& rect) const;

private:
    const QString& formula() const;
    double statementGap() const;

    const DeckSlide& m_slide;
    double m_scale;
    QFont m_body, m_note, m_formula;
};

} // namespace ae
