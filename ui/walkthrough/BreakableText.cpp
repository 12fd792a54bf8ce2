#include "BreakableText.h"

#include <QRegularExpression>

namespace ae {

// Prose in a narrow dock at presentation size: a long identifier ("MultiHeadAttention" is
// wider than a 1024 x 768 projector's dock at 19 pt) would make the label wider than the dock,
// and every line would be cut at its right edge. A zero-width space before each inner capital
// and after each underscore of a word of LongWord letters or more lets it break there.
QString proseBreakable(const QString& text)
{
    constexpr int LongWord = 8;
    QString out;
    out.reserve(text.size() + 8);
    int run = 0; // letters, digits and underscores so far in the current word
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const bool word = c.isLetterOrNumber() || c == u'_' || c == u'.';
        run = word ? run + 1 : 0;
        qsizetype end = i;
        while (end < text.size() &&
               (text[end].isLetterOrNumber() || text[end] == u'_' || text[end] == u'.'))
            ++end;
        const bool longWord = word && (end - i) + run - 1 >= LongWord;
        if (longWord && run > 1 && c.isUpper() && text[i - 1].isLower())
            out += QChar(0x200b);
        out += c;
        if (longWord && (c == u'_' || c == u'.') && end > i + 1 && text[i + 1].isLetter())
            out += QChar(0x200b);
    }
    return out;
}

// A zero-width space after each opening bracket, comma, "=" and "/": a long call such as
// softmax(ω.masked_fill(mask.bool(), −∞) / √2) may then break there instead of pushing the
// panel wider than a narrow dock.
QString breakable(QString statement)
{
    for (const QChar c : {u'(', u'[', u',', u'=', u'/'})
        statement.replace(c, QString(c) + QChar(0x200b));
    // and after a member access or an underscore (torch.manual_seed), not inside a number
    static const QRegularExpression member(QStringLiteral("([._])(?=[A-Za-z])"));
    statement.replace(member, QStringLiteral("\\1\u200b"));
    return statement;
}

// One paragraph per statement, a little apart, so that a statement wrapped over two lines
// in a narrow dock still reads as one.
QString formulaHtml(const QString& formula)
{
    QString html = QStringLiteral("<div style=\"white-space: pre-wrap\">");
    for (const QString& statement : formula.split(u'\n'))
        html += QStringLiteral("<p style=\"margin-top: 0; margin-bottom: 5px\">") +
                breakable(statement.toHtmlEscaped()) + QStringLiteral("</p>");
    return html + QStringLiteral("</div>");
}

} // namespace ae
