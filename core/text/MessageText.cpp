#include "MessageText.h"

#include <QCoreApplication>

#include <algorithm>

namespace ae {

namespace {

struct MessageText
{
    Q_DECLARE_TR_FUNCTIONS(MessageText)
};

bool mustEscape(char32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) // C0, DEL, C1
           || (cp >= 0x202A && cp <= 0x202E)      // bidi embeddings and overrides
           || (cp >= 0x2066 && cp <= 0x2069)      // bidi isolates
           || (cp >= 0xD800 && cp <= 0xDFFF);     // a surrogate on its own
}

QString escapeOne(char32_t cp)
{
    if (cp < 0x100)
        return QStringLiteral("\\x%1").arg(uint(cp), 2, 16, QLatin1Char('0'));
    return QStringLiteral("\\u%1").arg(uint(cp), 4, 16, QLatin1Char('0'));
}

} // namespace

QString escapedForMessage(QStringView text, qsizetype maxChars)
{
    QString out;
    qsizetype shown = 0;
    qsizetype i = 0;
    for (; i < text.size() && shown < maxChars; ++shown) {
        const QChar c = text[i];
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            out += text.mid(i, 2);
            i += 2;
            continue;
        }
        const char32_t cp = c.unicode();
        if (mustEscape(cp))
            out += escapeOne(cp);
        else
            out += c;
        ++i;
    }
    if (i < text.size())
        out += MessageText::tr("\u2026(+%1 characters)").arg(text.size() - i);
    return out;
}

QString elidedLabel(QStringView text, qsizetype maxChars)
{
    if (text.size() <= maxChars)
        return text.toString();
    qsizetype cut = std::max<qsizetype>(maxChars - 1, 1);
    if (text[cut - 1].isHighSurrogate())
        --cut;
    return text.left(cut).toString() + QChar(0x2026);
}

QString quotedForMessage(QStringView text, qsizetype maxChars)
{
    return u'"' + escapedForMessage(text, maxChars) + u'"';
}

} // namespace ae
