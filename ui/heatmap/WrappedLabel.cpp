#include "WrappedLabel.h"

#include <QEvent>

namespace ae {

WrappedLabel::WrappedLabel(QWidget* parent) : WrappedLabel(QString(), parent) {}

WrappedLabel::WrappedLabel(const QString& text, QWidget* parent) : QLabel(text, parent)
{
    setWordWrap(true);
}

WrappedLabel::Key WrappedLabel::currentKey() const
{
    return {text(), font(), contentsMargins(), margin(), indent(), textFormat(), wordWrap()};
}

int WrappedLabel::heightForWidth(int width) const
{
    Key key = currentKey();
    if (!(key == m_key)) {
        m_key = std::move(key);
        m_heights.fill({});
    }
    for (const Entry& entry : m_heights)
        if (entry.width == width)
            return entry.height;
    const int height = QLabel::heightForWidth(width);
    m_heights[m_next] = {width, height};
    m_next = (m_next + 1) % Widths;
    return height;
}

void WrappedLabel::changeEvent(QEvent* event)
{
    // A new style or screen may lay the same text out otherwise (fonts are in the key).
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::PaletteChange)
        m_heights.fill({});
    QLabel::changeEvent(event);
}

} // namespace ae
