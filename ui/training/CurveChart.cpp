#include "CurveChart.h"

#include "ScaleTicks.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace ae {

CurveChart::CurveChart(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CurveChart::setTitle(const QString& title)
{
    m_title = title;
    setAccessibleName(title);
    update();
}

void CurveChart::setSteps(int steps)
{
    m_steps = std::max(1, steps);
    update();
}

void CurveChart::setValueRange(std::optional<std::pair<double, double>> range)
{
    m_range = range;
    update();
}

void CurveChart::setSeries(std::vector<Series> series)
{
    m_series = std::move(series);
    update();
}

void CurveChart::appendPoint(int series, QPointF point)
{
    if (series >= 0 && series < int(m_series.size())) {
        m_series[std::size_t(series)].points.push_back(point);
        update();
    }
}

void CurveChart::setMarker(std::optional<int> step)
{
    m_marker = step;
    update();
}

QRectF CurveChart::plotArea() const
{
    const QFontMetrics fm(font());
    const double left = fm.horizontalAdvance(QStringLiteral("−0.000")) + 10;
    const double top = fm.height() * 1.6;
    const double bottom = fm.height() * 1.6;
    return QRectF(left, top, width() - left - 12, height() - top - bottom);
}

std::pair<double, double> CurveChart::valueRange() const
{
    if (m_range)
        return *m_range;
    double low = INFINITY, high = -INFINITY;
    for (const Series& s : m_series)
        for (const QPointF& p : s.points)
            if (std::isfinite(p.y())) {
                low = std::min(low, p.y());
                high = std::max(high, p.y());
            }
    if (!std::isfinite(low))
        return {0.0, 1.0};
    if (high - low < 1e-6)
        return {low - 0.5, high + 0.5};
    const double pad = 0.05 * (high - low);
    return {std::max(0.0, low - pad), high + pad};
}

void CurveChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.base());
    const QRectF area = plotArea();
    const QFontMetrics fm(font());
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRectF(0, 0, width(), fm.height() * 1.5), Qt::AlignCenter, m_title);
    if (area.width() < 10 || area.height() < 10)
        return;

    const auto [low, high] = valueRange();
    const auto x = [&](double step) { return area.left() + area.width() * step / m_steps; };
    const auto y = [&, low = low, high = high](double v) {
        return area.bottom() - area.height() * (std::clamp(v, low, high) - low) / (high - low);
    };
    // Axes, ticks and their labels.
    QColor muted = pal.color(QPalette::PlaceholderText);
    p.setPen(QPen(muted, 1));
    p.drawRect(area);
    const ScaleTicks yTicks = ScaleTicks::forRange(low, high, 5);
    for (double v : yTicks.values) {
        p.drawLine(QPointF(area.left() - 4, y(v)), QPointF(area.left(), y(v)));
        p.drawText(QRectF(0, y(v) - fm.height() / 2.0, area.left() - 6, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, yTicks.label(v));
    }
    const ScaleTicks xTicks = ScaleTicks::forRange(0, m_steps, 6);
    for (double s : xTicks.values) {
        p.drawLine(QPointF(x(s), area.bottom()), QPointF(x(s), area.bottom() + 4));
        p.drawText(QRectF(x(s) - 40, area.bottom() + 4, 80, fm.height()), Qt::AlignCenter,
                   QString::number(qint64(std::llround(s))));
    }
    if (m_marker) {
        p.setPen(QPen(pal.color(QPalette::Highlight), 2));
        p.drawLine(QPointF(x(*m_marker), area.top()), QPointF(x(*m_marker), area.bottom()));
    }
    // The curves: one point per pixel column at most (the column's last).
    p.setClipRect(area.adjusted(-2, -2, 2, 2));
    for (const Series& s : m_series) {
        if (s.points.empty())
            continue;
        QPainterPath path;
        double lastColumn = -1;
        bool started = false;
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            const QPointF& point = s.points[i];
            const double column = std::floor(x(point.x()));
            const bool last = i + 1 == s.points.size();
            if (!std::isfinite(point.y()) ||
                (column == lastColumn && !last && std::floor(x(s.points[i + 1].x())) == column))
                continue;
            lastColumn = column;
            const QPointF at(x(point.x()), y(point.y()));
            if (started) {
                path.lineTo(at);
            } else {
                path.moveTo(at);
                started = true;
            }
        }
        QPen pen(s.color, 2);
        if (s.dashed)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.drawPath(path);
        if (s.points.size() == 1)
            p.drawEllipse(QPointF(x(s.points[0].x()), y(s.points[0].y())), 2, 2);
    }
    p.setClipping(false);
    // The legend, top right inside the plot.
    double legendY = area.top() + 4;
    for (const Series& s : m_series) {
        if (s.name.isEmpty())
            continue;
        const double w = fm.horizontalAdvance(s.name);
        const QRectF box(area.right() - w - 26, legendY, w + 22, fm.height());
        QColor backdrop = pal.color(QPalette::Base);
        backdrop.setAlpha(208);
        p.fillRect(box, backdrop);
        p.setPen(QPen(s.color, 2, s.dashed ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(QPointF(box.left() + 2, box.center().y()),
                   QPointF(box.left() + 16, box.center().y()));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(box.adjusted(20, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, s.name);
        legendY += fm.height();
    }
}

bool CurveChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

QString CurveChart::tooltipAt(QPoint position) const
{
    const QRectF area = plotArea();
    if (!area.contains(position))
        return {};
    const double step = (position.x() - area.left()) / area.width() * m_steps;
    QStringList lines;
    for (const Series& s : m_series) {
        if (s.points.empty())
            continue;
        // The recorded point nearest the pointer's step.
        const auto it = std::lower_bound(s.points.begin(), s.points.end(), step,
                                         [](const QPointF& p, double v) { return p.x() < v; });
        const QPointF* best = nullptr;
        for (auto c : {it, it == s.points.begin() ? it : it - 1})
            if (c != s.points.end() &&
                (!best || std::abs(c->x() - step) < std::abs(best->x() - step)))
                best = &*c;
        if (best)
            lines << tr("%1 at step %2: %3")
                         .arg(s.name.isEmpty() ? m_title : s.name)
                         .arg(qint64(best->x()))
                         .arg(best->y(), 0, 'f', 4);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace ae
