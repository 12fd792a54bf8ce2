#include "SeedSpinBox.h"

#include "Limits.h"

#include <QLineEdit>
#include <QStyleOptionSpinBox>

#include <algorithm>
#include <charconv>
#include <optional>

namespace ae {

namespace {

constexpr auto MaxSeed = static_cast<std::uint64_t>(limits::MaxSeed);

std::optional<std::uint64_t> parseSeed(const QString& text)
{
    const QByteArray digits = text.trimmed().toLatin1();
    std::uint64_t value = 0;
    const char* end = digits.constData() + digits.size();
    const auto [ptr, error] = std::from_chars(digits.constData(), end, value);
    if (digits.isEmpty() || error != std::errc{} || ptr != end || value > MaxSeed)
        return std::nullopt;
    return value;
}

} // namespace

SeedSpinBox::SeedSpinBox(QWidget* parent) : QAbstractSpinBox(parent)
{
    setAccelerated(true);
    showValue();
    connect(lineEdit(), &QLineEdit::textEdited, this, &SeedSpinBox::textEdited);
    // Leaving the field with an empty or partial text shows the value again.
    connect(this, &QAbstractSpinBox::editingFinished, this, &SeedSpinBox::showValue);
}

void SeedSpinBox::setValue(std::uint64_t value)
{
    value = std::min(value, MaxSeed);
    const bool changed = value != m_value;
    m_value = value;
    showValue();
    if (changed)
        Q_EMIT valueChanged(m_value);
}

void SeedSpinBox::stepBy(int steps)
{
    const auto magnitude = static_cast<std::uint64_t>(steps < 0 ? -std::int64_t{steps} : steps);
    if (steps < 0)
        setValue(m_value > magnitude ? m_value - magnitude : 0);
    else
        setValue(MaxSeed - m_value > magnitude ? m_value + magnitude : MaxSeed);
    selectAll();
}

QValidator::State SeedSpinBox::validate(QString& input, int& /*pos*/) const
{
    if (input.isEmpty())
        return QValidator::Intermediate;
    for (const QChar c : input)
        if (c < u'0' || c > u'9')
            return QValidator::Invalid;
    return parseSeed(input) ? QValidator::Acceptable : QValidator::Invalid;
}

void SeedSpinBox::fixup(QString& input) const
{
    input = QString::number(m_value);
}

QSize SeedSpinBox::sizeHint() const
{
    ensurePolished();
    // Room for a ten-digit seed; longer ones scroll inside the field.
    const QFontMetrics metrics(font());
    const int width = metrics.horizontalAdvance(QStringLiteral("4294967295")) + 4;
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    const QSize content(width, lineEdit()->sizeHint().height());
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option, content, this);
}

QSize SeedSpinBox::minimumSizeHint() const
{
    return sizeHint();
}

QAbstractSpinBox::StepEnabled SeedSpinBox::stepEnabled() const
{
    StepEnabled enabled = StepNone;
    if (m_value > 0)
        enabled |= StepDownEnabled;
    if (m_value < MaxSeed)
        enabled |= StepUpEnabled;
    return enabled;
}

void SeedSpinBox::textEdited(const QString& text)
{
    if (const auto seed = parseSeed(text); seed && *seed != m_value) {
        m_value = *seed;
        Q_EMIT valueChanged(m_value);
    }
}

void SeedSpinBox::showValue()
{
    const QString text = QString::number(m_value);
    if (lineEdit()->text() != text)
        lineEdit()->setText(text);
}

} // namespace ae
