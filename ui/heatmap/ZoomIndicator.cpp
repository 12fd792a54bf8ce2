#include "ZoomIndicator.h"

#include <QEvent>

#include <cmath>

namespace ae {

ZoomIndicator::ZoomIndicator(QWidget* parent) : QToolButton(parent)
{
    setAutoRaise(false);
    setFocusPolicy(Qt::NoFocus); // the heatmap keeps the keyboard: Ctrl+0 does the same
    setCursor(Qt::ArrowCursor);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    setToolTip(tr("Zoomed in: click (or press Ctrl+0, or double-click the cells) to see the whole "
                  "matrix again. "
                  "Ctrl+wheel, a pinch or the + and − keys zoom."));
    hide();
}

QString ZoomIndicator::label(double zoom)
{
    return tr("%1 % · Reset").arg(std::lround(zoom * 100));
}

void ZoomIndicator::setZoom(double zoom)
{
    m_zoom = zoom;
    const bool zoomed = std::abs(zoom - 1) > 1e-9;
    if (zoomed) {
        setText(label(zoom));
        setAccessibleName(label(zoom));
        place();
    }
    setVisible(zoomed);
}

void ZoomIndicator::place()
{
    adjustSize();
    if (const QWidget* owner = parentWidget()) {
        const int margin = fontMetrics().height() / 4;
        move(owner->width() - width() - margin, margin);
    }
    raise();
}

void ZoomIndicator::changeEvent(QEvent* event)
{
    QToolButton::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        setText(label(m_zoom));
        place();
    }
}

} // namespace ae
