#include "DropoutSeedEdit.h"

#include "SeedSpinBox.h"

#include <QCheckBox>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace ae {

DropoutSeedEdit::DropoutSeedEdit(QWidget* parent)
    : QWidget(parent), m_continue(new QCheckBox(tr("Continue the stream (no seed)"), this)),
      m_seed(new SeedSpinBox(this))
{
    m_continue->setObjectName(QStringLiteral("dropout_seed_continue"));
    m_seed->setObjectName(QStringLiteral("dropout_seed_value"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_continue);
    layout->addWidget(m_seed);
    setFocusProxy(m_continue);

    connect(m_continue, &QCheckBox::toggled, this, [this] {
        updateSeedEnabled();
        Q_EMIT valueEdited();
    });
    connect(m_seed, &SeedSpinBox::valueChanged, this, &DropoutSeedEdit::valueEdited);
}

std::optional<std::uint64_t> DropoutSeedEdit::value() const
{
    if (m_continue->isChecked())
        return std::nullopt;
    return m_seed->value();
}

void DropoutSeedEdit::setValue(std::optional<std::uint64_t> seed)
{
    const QSignalBlocker continueBlocker(m_continue);
    const QSignalBlocker seedBlocker(m_seed);
    m_continue->setChecked(!seed);
    if (seed)
        m_seed->setValue(*seed);
    updateSeedEnabled();
}

void DropoutSeedEdit::updateSeedEnabled()
{
    m_seed->setEnabled(!m_continue->isChecked()); // and only while this widget is enabled
}

} // namespace ae
