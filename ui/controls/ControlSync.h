#pragma once

#include "SessionEnums.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <string_view>

// Showing a session in the controls without writing it back: every setter blocks the
// widget's signals, and leaves a widget alone when it already shows the value, so the
// sentence editor keeps its cursor while the user types into it.
namespace ae::sync {

inline QString keyText(std::string_view key)
{
    return QString::fromLatin1(key.data(), qsizetype(key.size()));
}

inline void setText(QPlainTextEdit* edit, const std::string& text)
{
    const QString value = QString::fromStdString(text);
    if (edit->toPlainText() == value)
        return;
    const QSignalBlocker blocker(edit);
    edit->setPlainText(value);
}

inline void setValue(QSpinBox* spin, int value)
{
    if (spin->value() == value)
        return;
    const QSignalBlocker blocker(spin);
    spin->setValue(value);
}

inline void setChecked(QAbstractButton* button, bool checked)
{
    const QSignalBlocker blocker(button);
    button->setChecked(checked);
}

// Combo boxes hold the session file's spelling of each value as item data.
template <typename Enum> void addChoice(QComboBox* combo, Enum value, const QString& text)
{
    combo->addItem(text, keyText(toKey(value)));
}

template <typename Enum> void setChoice(QComboBox* combo, Enum value)
{
    const QSignalBlocker blocker(combo);
    combo->setCurrentIndex(combo->findData(keyText(toKey(value))));
}

// The full item texts show in the popup; a narrow dock shows the start of the current one
// rather than growing wider than the dock.
inline void fitNarrow(QComboBox* combo)
{
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(12);
}

template <typename Enum> Enum choice(const QComboBox* combo)
{
    return enumFromKey<Enum>(combo->currentData().toString().toStdString()).value_or(Enum{});
}

} // namespace ae::sync
