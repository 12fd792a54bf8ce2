#pragma once

#include <QString>

namespace ae {

// Text for the walkthrough's narrow dock, where a long unbroken run would make a label wider
// than the dock and cut every line at its right edge: zero-width spaces (U+200B) mark where a
// line may break. Pure functions of the text.

// Prose: before each inner capital and after each underscore or dot of a word of 8 letters
// or more ("Multi|Head|Attention", "manual_|seed"); shorter words stay whole.
QString proseBreakable(const QString& text);

// A statement of code: after each opening bracket, comma, "=" and "/", and after a member
// access or an underscore before a letter (torch.|manual_|seed), not inside a number (0.5).
QString breakable(QString statement);

// A formula of one statement per line as rich text: one paragraph per statement, a little
// apart, each escaped and breakable().
QString formulaHtml(const QString& formula);

} // namespace ae
