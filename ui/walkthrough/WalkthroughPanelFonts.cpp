#include "WalkthroughPanel.h"

#include "ScalingChartWidget.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QLabel>
#include <QLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>

// The panel's fonts: the presentation mode's sizes, and the step's text scaled down until it
// fits the panel's room (WalkthroughPanel.cpp builds the panel and moves through the steps).

namespace ae {

namespace {

QFont sized(QFont font, qreal pointSize)
{
    font.setPointSizeF(pointSize);
    return font;
}

} // namespace

void WalkthroughPanel::setPresentationFont(qreal pointSize)
{
    m_presentationSize = pointSize;
    applyFonts(pointSize, 1.0);
    fitPresentationText();
}

void WalkthroughPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitPresentationText();
}

bool WalkthroughPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        fitPresentationText();
    return QWidget::eventFilter(watched, event);
}

void WalkthroughPanel::fitPresentationText()
{
    if (!(m_presentationSize > 0) || m_fitting)
        return;
    m_fitting = true;
    // The scroll bar's width is the text's once nothing scrolls; where the text still scrolls at
    // the smallest scale, the bar takes its width back, so the text must fit beside it too.
    const QScrollBar* bar = m_scroll->verticalScrollBar();
    const int width = m_scroll->viewport()->width() + (bar->isVisible() ? bar->width() : 0);
    const int height = m_scroll->viewport()->height();
    const int barWidth =
        m_scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_scroll);
    for (double scale = 1.0;; scale -= 0.05) {
        applyFonts(m_presentationSize, scale);
        m_content->layout()->invalidate();
        const bool scrolls = m_content->layout()->totalHeightForWidth(width) > height;
        const int room = scrolls ? width - barWidth : width;
        const bool fitsWidth = m_content->layout()->totalMinimumSize().width() <= room;
        if (scale <= MinFitScale + 1e-9 || (!scrolls && fitsWidth))
            break;
    }
    // Lay the text out now at the fonts chosen: the last trial's invalidation is otherwise left
    // pending, and the labels keep the width of the viewport before its scroll bar showed (seen
    // with Droid Sans Fallback for Chinese at 24 pt: text past the right edge).
    m_content->layout()->activate();
    m_fitting = false;
}

// `contentScale` scales the scrolled text only (title, explanation, formula, chart), never the
// buttons and lists around it, whose size would change the room the text is fitted to.
void WalkthroughPanel::applyFonts(qreal pointSize, qreal contentScale)
{
    const QFont base = QApplication::font(this);
    const qreal size = pointSize > 0 ? pointSize : base.pointSizeF();
    const qreal text = size * contentScale;
    const QFont body = sized(base, text);
    const QFont controls = pointSize > 0 ? sized(base, size * 0.75) : base;
    QFont title = sized(base, text * 1.35);
    title.setBold(true);
    QFont note = sized(base, text * 0.9);
    note.setItalic(true);
    const QFont formula = sized(QFontDatabase::systemFont(QFontDatabase::FixedFont),
                                text * (pointSize > 0 ? 0.85 : 1.0));
    for (QWidget* w : {static_cast<QWidget*>(m_previous), static_cast<QWidget*>(m_next),
                       static_cast<QWidget*>(m_stepList), static_cast<QWidget*>(m_giveBack)})
        w->setFont(controls);
    const QFont small = pointSize > 0 ? sized(base, text * 0.75) : base;
    for (QWidget* w : {static_cast<QWidget*>(m_counter), static_cast<QWidget*>(m_queryLabel),
                       static_cast<QWidget*>(m_queryChoice), static_cast<QWidget*>(m_scalingToggle),
                       static_cast<QWidget*>(m_scalingLabel), static_cast<QWidget*>(m_pending)})
        w->setFont(small);
    m_title->setFont(title);
    m_explanation->setFont(body);
    m_note->setFont(note);
    m_formula->setFont(formula);
    m_scalingChart->setFont(pointSize > 0 ? sized(base, text * 0.7) : base);
    m_scalingChart->updateGeometry();
}

} // namespace ae
