#pragma once

#include "ScalingDemo.h"

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QRectF>

class QPainter;

namespace ae {

struct ScalingChartColors
{
    QColor foreground = QColor(0x1a, 0x1a, 0x1a);
    QColor muted = QColor(0x5c, 0x5c, 0x5c);
    QColor unscaled = QColor(0xd6, 0x60, 0x4d);
    QColor scaled = QColor(0x43, 0x93, 0xc3);
};

// Draws core's ScalingDemo as grouped bars, for the panel and the deck: for every d_k the
// mean largest weight of softmax(ω) (saturating towards 1, one-hot) next to that of
// softmax(ω / √d_k) (staying spread), with both scores' standard deviations under the
// group. Plain painting on any QPainter, sized from the font; `demo` must outlive the chart.
class ScalingChart
{
    Q_DECLARE_TR_FUNCTIONS(ScalingChart)

public:
    explicit ScalingChart(const ScalingDemo& demo, ScalingChartColors colors = {});

    QSizeF preferredSize(const QFont& font) const;
    void paint(QPainter& painter, const QRectF& target, const QFont& font) const;

    // The demo every view shows (computed once, about 30 ms).
    static const ScalingDemo& sharedDemo();

private:
    void paintLegend(QPainter& painter, const QRectF& band, const QFont& font) const;

    const ScalingDemo& m_demo;
    ScalingChartColors m_colors;
};

} // namespace ae
