#pragma once

#include <QString>
#include <QStringView>

namespace ae {

// Untrusted text (a key, a value, a file name, an argument) as it may appear inside a
// message: between quotation marks, control characters (C0, DEL, C1: ESC and so the
// terminal's escape sequences among them), bidirectional overrides and lone surrogates
// written as \xNN / \uNNNN, and cut after `maxChars` characters with the number left out
// ("…(+123 characters)"). The one place every message passes such text through.
QString quotedForMessage(QStringView text, qsizetype maxChars = 60);

// The same without the quotation marks (for a path already framed by the message).
QString escapedForMessage(QStringView text, qsizetype maxChars = 200);

// A token as a figure label: at most `maxChars` UTF-16 units (never half a surrogate
// pair), the rest replaced by "…", so no label lays out or draws more than that whatever
// the token (a 10 MB word, 200 KB of combining marks). Labels are bounded before any
// text layout measures them.
QString elidedLabel(QStringView text, qsizetype maxChars = 48);

} // namespace ae
