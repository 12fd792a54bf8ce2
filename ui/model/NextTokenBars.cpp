#include "NextTokenBars.h"

#include "ColorMap.h"

#include <QPainter>

#include <algorithm>

namespace ae {

NextTokenBars::NextTokenBars(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void NextTokenBars::setRows(QStringList labels, std::vector<float> values)
{
    m_labels = std::move(labels);
    m_values = std::move(values);
    updateGeometry();
    update();
}

int NextTokenBars::rowHeight() const
{
    return fontMetrics().height() * 3 / 2 + 4;
}

int NextTokenBars::labelWidth() const
{
    int width = fontMetrics().horizontalAdvance(QStringLiteral("10.  ␣token"));
    for (const QString& label : m_labels)
        width = std::max(width, fontMetrics().horizontalAdvance(label));
    return width + fontMetrics().averageCharWidth() * 2;
}

QSize NextTokenBars::sizeHint() const
{
    return {labelWidth() + 400, int(m_labels.size()) * rowHeight() + 4};
}

QSize NextTokenBars::minimumSizeHint() const
{
    return {labelWidth() + 120, int(m_labels.size()) * rowHeight() + 4};
}

void NextTokenBars::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const int label = labelWidth();
    const QString widest = QStringLiteral("100.0 %");
    const int valueWidth = fontMetrics().horizontalAdvance(widest) + 8;
    const int barRoom = std::max(width() - label - valueWidth, 20);
    const QColor bar = QColor::fromRgb(ColorMap(ColorScheme::Sequential, 0, 1).color(0.75f));
    for (int i = 0; i < int(m_labels.size()); ++i) {
        const QRect row(0, i * rowHeight(), width(), rowHeight());
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(
            row.adjusted(4, 0, 0, 0).intersected(QRect(0, row.top(), label, row.height())),
            Qt::AlignLeft | Qt::AlignVCenter, m_labels[i]);
        const float value =
            i < int(m_values.size()) ? std::clamp(m_values[std::size_t(i)], 0.0f, 1.0f) : 0;
        const QRect barRect(label, row.top() + 3, std::max(1, int(value * barRoom)),
                            row.height() - 6);
        painter.fillRect(barRect, bar);
        painter.drawText(QRect(barRect.right() + 6, row.top(), valueWidth, row.height()),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         QStringLiteral("%1 %").arg(double(value) * 100, 0, 'f', 1));
    }
}

} // namespace ae
