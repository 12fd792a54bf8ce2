#include "ScalingChartWidget.h"

#include "ScalingChart.h"

#include <QPainter>

#include <cmath>

namespace ae {

namespace {

ScalingChart chartFor(const QWidget& widget)
{
    ScalingChartColors colors;
    colors.foreground = widget.palette().color(QPalette::WindowText);
    colors.muted = widget.palette().color(QPalette::PlaceholderText);
    return ScalingChart(ScalingChart::sharedDemo(), colors);
}

} // namespace

ScalingChartWidget::ScalingChartWidget(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setAccessibleName(tr("Softmax with and without the scaling by √d_k"));
}

QSize ScalingChartWidget::sizeHint() const
{
    const QSizeF size = chartFor(*this).preferredSize(font());
    return {int(std::ceil(size.width())), int(std::ceil(size.height()))};
}

QSize ScalingChartWidget::minimumSizeHint() const
{
    const QSize preferred = sizeHint();
    return {preferred.width() / 2, preferred.height()};
}

void ScalingChartWidget::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    chartFor(*this).paint(painter, QRectF(rect()), font());
}

} // namespace ae
