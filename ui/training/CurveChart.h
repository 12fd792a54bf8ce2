#pragma once

#include <QColor>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

namespace ae {

// Lines over training steps: the loss curves, a head score per layer × head. Painted with
// QPainter from the points it holds (no chart library); a long curve is drawn from at most one
// point per pixel column (the column's last), so repainting 100,000 steps stays cheap. The
// hovered step's values show in a tooltip; `marker` draws the step the replay shows.
class CurveChart : public QWidget
{
    Q_OBJECT
public:
    struct Series
    {
        QString name;
        QColor color;
        std::vector<QPointF> points; // (step, value), steps ascending
        bool dashed = false;
    };

    explicit CurveChart(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    // The x axis spans 0 ... steps (the session's train.steps) whatever has been recorded.
    void setSteps(int steps);
    // A fixed y range (head scores: 0 to 1); default: from the data.
    void setValueRange(std::optional<std::pair<double, double>> range);
    void setSeries(std::vector<Series> series);
    void appendPoint(int series, QPointF point);
    const std::vector<Series>& series() const { return m_series; }
    void setMarker(std::optional<int> step);

    QSize sizeHint() const override { return {420, 220}; }
    QSize minimumSizeHint() const override { return {200, 140}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override; // tooltips

private:
    QRectF plotArea() const;
    std::pair<double, double> valueRange() const;
    QString tooltipAt(QPoint position) const;

    QString m_title;
    int m_steps = 1;
    std::optional<std::pair<double, double>> m_range;
    std::vector<Series> m_series;
    std::optional<int> m_marker;
};

} // namespace ae
