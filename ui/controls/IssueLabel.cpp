#include "IssueLabel.h"

#include <QEvent>

namespace ae {

namespace {

// Light and dark themes need different reds for the text to stay readable.
bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor issueColour(const QPalette& palette)
{
    return isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
}

QColor blend(const QColor& base, const QColor& tint, double amount)
{
    return QColor::fromRgbF(float(base.redF() * (1 - amount) + tint.redF() * amount),
                            float(base.greenF() * (1 - amount) + tint.greenF() * amount),
                            float(base.blueF() * (1 - amount) + tint.blueF() * amount));
}

} // namespace

IssueLabel::IssueLabel(QWidget* parent) : WrappedLabel(parent)
{
    setTextFormat(Qt::PlainText); // messages quote user text, which may contain '<'
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    updateColours();
    hide();
}

void IssueLabel::showMessage(const QString& message)
{
    setText(message);
    show();
}

void IssueLabel::clearMessage()
{
    clear();
    hide();
}

void IssueLabel::markControl(QWidget* control)
{
    QPalette palette = control->palette();
    const QColor tint = issueColour(palette);
    for (const auto role : {QPalette::Base, QPalette::Button, QPalette::AlternateBase})
        palette.setColor(role, blend(palette.color(role), tint, 0.3));
    control->setPalette(palette);
    control->setProperty("aeIssue", true);
}

void IssueLabel::unmarkControl(QWidget* control)
{
    control->setPalette(QPalette()); // an empty palette resolves nothing: inherit again
    control->setProperty("aeIssue", false);
}

void IssueLabel::changeEvent(QEvent* event)
{
    WrappedLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateColours();
}

void IssueLabel::updateColours()
{
    const QColor colour = issueColour(parentWidget() ? parentWidget()->palette() : palette());
    const QString css = QStringLiteral("color: %1; border-left: 3px solid %1; padding: 2px 6px; "
                                       "background: rgba(%2, %3, %4, 0.08);")
                            .arg(colour.name())
                            .arg(colour.red())
                            .arg(colour.green())
                            .arg(colour.blue());
    if (styleSheet() != css)
        setStyleSheet(css);
}

} // namespace ae
