#pragma once

#include <QWidget>

namespace ae {

// ScalingChart in the walkthrough panel: the step-6 toggle shows it. Follows the palette
// (a dark theme gets light text) and the widget's font (the presentation size).
class ScalingChartWidget : public QWidget
{
    Q_OBJECT
public:
    explicit ScalingChartWidget(QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
};

} // namespace ae
