#include "TokenSpanText.h"

#include "TokenDisplay.h"
#include "Tokenizer.h"
#include "UnicodeTables.h"
#include "Utf8.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTextBoundaryFinder>

namespace ae {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TokenSpanText)
};

// Pastel backgrounds as in the tiktoken web demos, readable with black text.
constexpr const char* Colours[] = {"#c8e6c9", "#ffe0b2", "#bbdefb", "#f8bbd0",
                                   "#fff59d", "#d1c4e9", "#b2dfdb", "#ffccbc"};
constexpr int MaxSteps = 120;           // a long run of CJK can take hundreds of merges
constexpr char16_t WordJoiner = 0x2060; // no line break here
constexpr char16_t BreakHere = 0x200B;  // a zero-width space: a line may break here

QString hexBytes(std::string_view bytes)
{
    QStringList hex;
    for (const char c : bytes)
        hex << QStringLiteral("%1")
                   .arg(static_cast<unsigned char>(c), 2, 16, QLatin1Char('0'))
                   .toUpper();
    return u'<' + hex.join(u' ') + u'>';
}

QString tokenBox(const Tokenizer& tokenizer, std::int64_t id, bool merged)
{
    const QString text = visibleTokenText(tokenizer.tokenBytes(id)).toHtmlEscaped();
    const QString border =
        merged ? QStringLiteral("2px solid #d32f2f") : QStringLiteral("1px solid #9e9e9e");
    return QStringLiteral("<span style=\"background-color:%1; border:%2;\">&nbsp;%3&nbsp;</span> ")
        .arg(merged ? QStringLiteral("#ffcdd2") : QStringLiteral("#eeeeee"), border, text);
}

} // namespace

QString visibleTokenText(std::string_view bytes)
{
    return QString::fromStdString(displayTokenText(bytes));
}

std::vector<TokenSpan> tokenSpans(const Tokenizer& tokenizer, std::string_view text,
                                  const std::vector<std::int64_t>& ids)
{
    std::vector<TokenSpan> spans;
    std::size_t offset = 0;
    for (const std::int64_t id : ids) {
        const std::string bytes = tokenizer.tokenBytes(id);
        // A token the tokenizer added (a model's BOS) is not in the text: an empty span.
        const bool inText = text.substr(offset, bytes.size()) == bytes;
        const std::size_t size = inText ? bytes.size() : 0;
        spans.push_back({offset, offset + size, id});
        offset += size;
    }
    return spans;
}

int wordCount(std::string_view text)
{
    int words = 0;
    bool inWord = false;
    for (std::size_t pos = 0; pos < text.size();) {
        const bool space = unicode::isWhiteSpace(utf8::next(text, pos));
        words += !space && !inWord;
        inWord = !space;
    }
    return words;
}

QString unbreakable(const QString& text)
{
    QString out;
    QTextBoundaryFinder lines(QTextBoundaryFinder::Line, text);
    qsizetype from = 0;
    for (qsizetype to = lines.toNextBoundary(); to > 0 && to < text.size();
         to = lines.toNextBoundary()) {
        out += text.mid(from, to - from) + QChar(WordJoiner);
        from = to;
    }
    out += text.mid(from);
    out.replace(u' ', QChar(0x00A0)); // "<E4 BD>": a no-break space
    return out;
}

QString tokenSpansHtml(const Tokenizer& tokenizer, const std::vector<std::int64_t>& ids,
                       int sentence, int chosen)
{
    QString html;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string bytes = tokenizer.tokenBytes(ids[i]);
        const QString border =
            int(i) == chosen ? QStringLiteral("border:2px solid #d32f2f;") : QString();
        // One unbreakable run per token, its id joined to it; a line may break only after the
        // id (a zero-width space), never between "/" and its id 1220.
        html +=
            QStringLiteral("<a href=\"token:%1:%2\" style=\"color:#000000; text-decoration:none;\">"
                           "<span style=\"background-color:%3; %4\">%5%6<sub "
                           "style=\"color:#616161;\">%7</sub></span></a>%8")
                .arg(QString::number(sentence), QString::number(i),
                     QLatin1StringView(Colours[i % std::size(Colours)]), border,
                     unbreakable(visibleTokenText(bytes)).toHtmlEscaped(),
                     QString(QChar(WordJoiner)), QString::number(ids[i]),
                     QString(QChar(BreakHere)));
        if (bytes.find('\n') != std::string::npos)
            html += QStringLiteral("<br/>");
    }
    return html;
}

QString mergeStepsHtml(const Tokenizer& tokenizer, std::string_view text,
                       const std::vector<std::int64_t>& ids, int token)
{
    if (token < 0 || std::size_t(token) >= ids.size())
        return {};
    const std::size_t begin = tokenSpans(tokenizer, text, ids)[std::size_t(token)].begin;
    const auto merges = tokenizer.mergesAt(text, begin, std::size_t(MaxSteps));
    if (!merges || merges->piece.empty())
        return {};
    const std::string_view piece = merges->piece;
    QStringList lines;
    lines << Tr::tr("<b>Piece</b> %1 (%2 bytes): %3")
                 .arg(visibleTokenText(piece).toHtmlEscaped())
                 .arg(piece.size())
                 .arg(hexBytes(piece).toHtmlEscaped());
    if (merges->specialId >= 0) {
        lines << Tr::tr("%1 is a special token: it is not merged from bytes, its id is %2.")
                     .arg(QString::fromStdString(std::string(piece)).toHtmlEscaped())
                     .arg(merges->specialId);
        return lines.join(QStringLiteral("<br/>"));
    }
    const auto& steps = merges->steps;
    for (std::size_t s = 0; s < steps.size(); ++s) {
        QString boxes;
        for (std::size_t t = 0; t < steps[s].tokens.size(); ++t)
            boxes += tokenBox(tokenizer, steps[s].tokens[t], s > 0 && t == steps[s].mergedAt);
        lines << (s == 0 ? Tr::tr("bytes:") : Tr::tr("merge rank %1:").arg(steps[s].rank)) +
                     QStringLiteral("&nbsp; ") + boxes;
    }
    if (merges->merges > std::size_t(MaxSteps))
        lines << Tr::tr("… %1 more merges").arg(merges->merges - std::size_t(MaxSteps));
    if (merges->wholePiece >= 0)
        lines << Tr::tr("the whole piece is a token: %1").arg(merges->wholePiece);
    lines << Tr::tr("%n token(s): no neighbouring pair is in the vocabulary any more.", nullptr,
                    int(merges->tokens));
    return lines.join(QStringLiteral("<br/>"));
}

} // namespace ae
