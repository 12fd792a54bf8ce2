#pragma once

#include "WrappedLabel.h"

namespace ae {

// Why the session cannot be computed, shown in place: a wrapped, coloured line that sits
// right under the control at fault (or at the top of the panel) and is hidden otherwise.
// Never a dialog: the user keeps typing and the message goes away once the session works.
class IssueLabel : public WrappedLabel
{
    Q_OBJECT
public:
    explicit IssueLabel(QWidget* parent = nullptr);

    void showMessage(const QString& message);
    void clearMessage();

    // Tints `control` (its input field and, through the palette, its children) so the
    // eye finds it next to the message; unmarkControl() gives it back its own palette.
    static void markControl(QWidget* control);
    static void unmarkControl(QWidget* control);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateColours();
};

} // namespace ae
