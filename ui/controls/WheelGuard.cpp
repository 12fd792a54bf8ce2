#include "WheelGuard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QChildEvent>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace ae {

namespace {

bool takesWheel(const QObject* object)
{
    return qobject_cast<const QComboBox*>(object) ||
           qobject_cast<const QAbstractSpinBox*>(object) ||
           (qobject_cast<const QAbstractSlider*>(object) &&
            !object->inherits("QScrollBar")); // the scroll area's own bars do scroll
}

} // namespace

WheelGuard::WheelGuard(QWidget* panel) : QObject(panel)
{
    panel->installEventFilter(this);
    for (QWidget* child : panel->findChildren<QWidget*>())
        guard(child);
}

void WheelGuard::install(QWidget* panel)
{
    new WheelGuard(panel); // owned by the panel
}

void WheelGuard::guard(QWidget* widget)
{
    if (takesWheel(widget)) {
        // A wheel turn no longer gives the focus (Qt::WheelFocus), so the guard holds.
        widget->setFocusPolicy(Qt::StrongFocus);
        widget->installEventFilter(this);
    } else {
        widget->installEventFilter(this); // to hear of children added later
    }
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ChildAdded) {
        auto* child = static_cast<QChildEvent*>(event)->child();
        if (child->isWidgetType()) {
            auto* widget = static_cast<QWidget*>(child);
            guard(widget);
            for (QWidget* below : widget->findChildren<QWidget*>())
                guard(below);
        }
        return false;
    }
    if (event->type() == QEvent::Wheel && takesWheel(watched) &&
        !static_cast<QWidget*>(watched)->hasFocus()) {
        event->ignore(); // handled here, not accepted: QApplication passes it to the parents
        return true;
    }
    return false;
}

} // namespace ae
