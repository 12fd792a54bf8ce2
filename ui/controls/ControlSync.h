#pragma once

#include "SessionEnums.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>
#include <string_view>

// Showing a session in the controls without writing it back: every setter blocks the
// widget's signals, and leaves a widget alone when it already shows the value, so the
// sentence editor keeps its cursor while the user types into it.
namespace ae::sync {

inline QString keyText(std::string_view key)
{
    return QString::fromLatin1(key.data(), qsizetype(key.size()));
}

// Only the span that differs is replaced (an undo of a typed word, a sample's sentence): a
// whole new text would make the editor build and lay out its document afresh, 7 ms of the GUI
// thread for GPT-2's 1,024 tokens. Like setPlainText, it leaves the editor no undo history of
// its own (the session's undo is the document's), and it keeps the cursor where it was.
inline void setText(QPlainTextEdit* edit, const std::string& text)
{
    const QString value = QString::fromStdString(text);
    const QString current = edit->toPlainText();
    if (current == value)
        return;
    const qsizetype shorter = std::min(current.size(), value.size());
    qsizetype prefix = 0;
    while (prefix < shorter && current[prefix] == value[prefix])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < shorter - prefix &&
           current[current.size() - 1 - suffix] == value[value.size() - 1 - suffix])
        ++suffix;
    // Never between the halves of a surrogate pair.
    if (prefix > 0 && current[prefix - 1].isHighSurrogate())
        --prefix;
    if (suffix > 0 && current[current.size() - suffix].isLowSurrogate())
        --suffix;
    const QSignalBlocker blocker(edit);
    QTextDocument* document = edit->document();
    document->setUndoRedoEnabled(false);
    QTextCursor cursor(document);
    cursor.setPosition(int(prefix));
    cursor.setPosition(int(current.size() - suffix), QTextCursor::KeepAnchor);
    cursor.insertText(value.mid(prefix, value.size() - prefix - suffix));
    document->setUndoRedoEnabled(true);
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
