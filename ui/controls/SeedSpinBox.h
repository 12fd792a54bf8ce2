#pragma once

#include <QAbstractSpinBox>

#include <cstdint>

namespace ae {

// A spin box for a torch.manual_seed argument: any whole number from 0 to
// limits::MaxSeed (2^63 - 1), which QSpinBox (int) cannot hold. Typing, the arrow keys,
// the buttons and the wheel change it; valueChanged() follows every keystroke.
class SeedSpinBox : public QAbstractSpinBox
{
    Q_OBJECT
public:
    explicit SeedSpinBox(QWidget* parent = nullptr);

    std::uint64_t value() const { return m_value; }
    // Clamped to the seed range; emits valueChanged when the value changes.
    void setValue(std::uint64_t value);

    void stepBy(int steps) override;
    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void valueChanged(quint64 value);

protected:
    StepEnabled stepEnabled() const override;

private:
    void textEdited(const QString& text);
    void showValue();

    std::uint64_t m_value = 0;
};

} // namespace ae
