#pragma once

#include <QObject>

class QWidget;

namespace ae {

// Makes the plain mouse wheel scroll a panel of controls instead of changing the value of
// whatever combo box, spin box or slider happens to be under the pointer on its way (a
// student scrolling the session panel switched the variant to multihead without noticing).
// A control takes the wheel only once it has the keyboard focus (a click or Tab gives it);
// until then its wheel events go on to the scroll area. Installed on every such control
// below `panel`, now and as they are added.
class WheelGuard : public QObject
{
    Q_OBJECT

public:
    static void install(QWidget* panel);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QWidget* panel);
    void guard(QWidget* control);
};

} // namespace ae
