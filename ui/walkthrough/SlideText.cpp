#include "SlideText.h"

#include "DeckSlidePainter.h"
#include "DeckStyle.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPainter>

namespace ae {

using namespace deck;

namespace {

constexpr double FormulaPadding = 12;

QRectF wrappedRect(const QFont& font, double width, const QString& text)
{
    if (text.isEmpty())
        return {};
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, text);
}

} // namespace

SlideText::SlideText(const DeckSlide& slide, double scale)
    : m_slide(slide), m_scale(scale), m_body(pixelFont(QFont(), 24 * scale)),
      m_note(pixelFont(QFont(), 21 * scale)),
      m_formula(pixelFont(QFontDatabase::systemFont(QFontDatabase::FixedFont), 19 * scale))
{
    m_note.setItalic(true);
}

const QString& SlideText::formula() const
{
    return m_slide.error.isEmpty() ? m_slide.formula : m_slide.error;
}

double SlideText::gap() const
{
    return std::round(QFontMetricsF(m_body).height() * 0.6);
}

double SlideText::statementGap() const
{
    return std::round(QFontMetricsF(m_formula).height() * 0.3);
}

double SlideText::explanationHeight(double width) const
{
    double height = wrappedRect(m_body, width, m_slide.explanation).height();
    if (!m_slide.note.isEmpty())
        height += gap() + wrappedRect(m_note, width, m_slide.note).height();
    return height;
}

double SlideText::formulaHeight(double width) const
{
    if (formula().isEmpty())
        return 0;
    double height = 2 * FormulaPadding - statementGap();
    for (const QString& statement : formula().split(u'\n'))
        height +=
            wrappedRect(m_formula, width - 2 * FormulaPadding, statement).height() + statementGap();
    return height;
}

int SlideText::formulaWraps(double width) const
{
    int wraps = 0;
    const double lineSpacing = QFontMetricsF(m_formula).lineSpacing();
    for (const QString& statement : formula().split(u'\n', Qt::SkipEmptyParts))
        wraps += std::max(
            0,
            int(std::round(wrappedRect(m_formula, width - 2 * FormulaPadding, statement).height() /
                           lineSpacing)) -
                1);
    return wraps;
}

void SlideText::paintExplanation(QPainter& painter, const QRectF& rect) const
{
    const double explanation = wrappedRect(m_body, rect.width(), m_slide.explanation).height();
    painter.setFont(m_body);
    painter.setPen(Foreground);
    painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), explanation), Qt::TextWordWrap,
                     m_slide.explanation);
    if (m_slide.note.isEmpty())
        return;
    const double top = rect.top() + explanation + gap();
    painter.setFont(m_note);
    painter.setPen(Muted);
    painter.drawText(QRectF(rect.left(), top, rect.width(),
                            wrappedRect(m_note, rect.width(), m_slide.note).height()),
                     Qt::TextWordWrap, m_slide.note);
}

void SlideText::paintFormula(QPainter& painter, const QRectF& rect) const
{
    if (formula().isEmpty() || rect.isEmpty())
        return;
    painter.setPen(Qt::NoPen);
    painter.setBrush(FormulaBackground);
    painter.drawRoundedRect(rect, 8, 8);
    painter.setFont(m_formula);
    painter.setPen(m_slide.error.isEmpty() ? Foreground : ErrorColor);
    const QRectF inner =
        rect.adjusted(FormulaPadding, FormulaPadding, -FormulaPadding, -FormulaPadding);
    double y = inner.top();
    for (const QString& statement : formula().split(u'\n')) {
        const double height = wrappedRect(m_formula, inner.width(), statement).height();
        painter.drawText(QRectF(inner.left(), y, inner.width(), height), Qt::TextWordWrap,
                         statement);
        y += height + statementGap();
    }
}

} // namespace ae
