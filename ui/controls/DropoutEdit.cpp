#include "DropoutEdit.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace ae {

namespace {

int sliderPosition(double p)
{
    return std::min(DropoutEdit::SliderSteps, int(std::lround(p * 100)));
}

} // namespace

DropoutEdit::DropoutEdit(QWidget* parent)
    : QWidget(parent), m_slider(new QSlider(Qt::Horizontal, this)), m_spin(new QDoubleSpinBox(this))
{
    m_slider->setObjectName(QStringLiteral("dropout_slider"));
    m_slider->setRange(0, SliderSteps);
    m_slider->setSingleStep(1);
    m_slider->setPageStep(10);
    m_spin->setObjectName(QStringLiteral("dropout_spin"));
    m_spin->setRange(0.0, 0.99); // the session allows p < 1
    m_spin->setDecimals(2);
    m_spin->setSingleStep(0.05);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    setFocusProxy(m_spin);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const double p = position / 100.0;
        const QSignalBlocker blocker(m_spin);
        m_spin->setValue(p);
        Q_EMIT valueEdited(p);
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double p) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(sliderPosition(p));
        Q_EMIT valueEdited(p);
    });
}

double DropoutEdit::value() const
{
    return m_spin->value();
}

void DropoutEdit::setValue(double p)
{
    const QSignalBlocker spinBlocker(m_spin);
    const QSignalBlocker sliderBlocker(m_slider);
    if (m_spin->value() != p)
        m_spin->setValue(p);
    m_slider->setValue(sliderPosition(p));
}

} // namespace ae
