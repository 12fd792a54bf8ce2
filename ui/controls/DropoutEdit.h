#pragma once

#include <QWidget>

class QDoubleSpinBox;
class QSlider;

namespace ae {

// The dropout probability p as a slider (0 to 0.95, for dragging and watching the weights
// thin out) and a spin box (for typing, up to 0.99), always showing the same value.
class DropoutEdit : public QWidget
{
    Q_OBJECT
public:
    static constexpr int SliderSteps = 95; // hundredths: the slider ends at p = 0.95

    explicit DropoutEdit(QWidget* parent = nullptr);

    double value() const;
    // Shows `p` without emitting valueEdited.
    void setValue(double p);

    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }

Q_SIGNALS:
    // The user moved the slider or changed the spin box.
    void valueEdited(double p);

private:
    QSlider* m_slider;
    QDoubleSpinBox* m_spin;
};

} // namespace ae
