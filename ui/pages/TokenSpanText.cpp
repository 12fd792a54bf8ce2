#include "TokenSpanText.h"

#include "Gpt2Bpe.h"
#include "Gpt2Encoding.h"
#include "TokenDisplay.h"
#include "UnicodeTables.h"
#include "Utf8.h"

#include <QCoreApplication>
#include <QStringList>

namespace ae {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TokenSpanText)
};

// Pastel backgrounds as in the tiktoken web demos, readable with black text.
constexpr const char* Colours[] = {"#c8e6c9", "#ffe0b2", "#bbdefb", "#f8bbd0",
                                   "#fff59d", "#d1c4e9", "#b2dfdb", "#ffccbc"};
constexpr int MaxSteps = 120; // a long run of CJK can take hundreds of merges

QString hexBytes(std::string_view bytes)
{
    QStringList hex;
    for (const char c : bytes)
        hex << QStringLiteral("%1")
                   .arg(static_cast<unsigned char>(c), 2, 16, QLatin1Char('0'))
                   .toUpper();
    return u'<' + hex.join(u' ') + u'>';
}

QString tokenBox(std::int64_t id, bool merged)
{
    const QString text = visibleTokenText(gpt2TokenBytes(id)).toHtmlEscaped();
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

std::vector<TokenSpan> tokenSpans(const std::vector<std::int64_t>& ids)
{
    std::vector<TokenSpan> spans;
    std::size_t offset = 0;
    for (const std::int64_t id : ids) {
        const std::size_t size = gpt2TokenBytes(id).size();
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

QString tokenSpansHtml(const std::vector<std::int64_t>& ids, int sentence, int chosen)
{
    QString html;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string bytes = gpt2TokenBytes(ids[i]);
        const QString border =
            int(i) == chosen ? QStringLiteral("border:2px solid #d32f2f;") : QString();
        html +=
            QStringLiteral("<a href=\"token:%1:%2\" style=\"color:#000000; text-decoration:none;\">"
                           "<span style=\"background-color:%3; %4\">%5<sub "
                           "style=\"color:#616161;\">%6</sub></span></a>")
                .arg(sentence)
                .arg(i)
                .arg(QLatin1StringView(Colours[i % std::size(Colours)]), border,
                     visibleTokenText(bytes).toHtmlEscaped())
                .arg(ids[i]);
        if (bytes.find('\n') != std::string::npos)
            html += QStringLiteral("<br/>");
    }
    return html;
}

QString mergeStepsHtml(std::string_view text, const std::vector<std::int64_t>& ids, int token)
{
    if (token < 0 || std::size_t(token) >= ids.size())
        return {};
    const std::size_t begin = tokenSpans(ids)[std::size_t(token)].begin;
    Gpt2Piece piece;
    for (const Gpt2Piece& p : gpt2Pieces(text)) {
        const auto offset = std::size_t(p.text.data() - text.data());
        if (begin >= offset && begin < offset + p.text.size())
            piece = p;
    }
    if (piece.text.empty())
        return {};
    QStringList lines;
    lines << Tr::tr("<b>Piece</b> %1 (%2 bytes): %3")
                 .arg(visibleTokenText(piece.text).toHtmlEscaped())
                 .arg(piece.text.size())
                 .arg(hexBytes(piece.text).toHtmlEscaped());
    if (piece.special) {
        lines << Tr::tr("&lt;|endoftext|&gt; is a special token: it is not merged from bytes, its "
                        "id is 50256.");
        return lines.join(QStringLiteral("<br/>"));
    }
    // Only the steps shown are made: a long piece (a line of CJK) takes thousands of merges, and
    // every step holds a copy of the tokens. The end comes from the fast merge.
    const Gpt2Vocab& vocab = Gpt2Vocab::instance();
    const auto steps = gpt2BpeSteps(piece.text, vocab, std::size_t(MaxSteps));
    const auto merged = gpt2BpeMerged(piece.text, vocab);
    const std::size_t merges = piece.text.size() - merged.size();
    for (std::size_t s = 0; s < steps.size(); ++s) {
        QString boxes;
        for (std::size_t t = 0; t < steps[s].tokens.size(); ++t)
            boxes += tokenBox(steps[s].tokens[t], s > 0 && t == steps[s].mergedAt);
        lines << (s == 0 ? Tr::tr("bytes:") : Tr::tr("merge rank %1:").arg(steps[s].rank)) +
                     QStringLiteral("&nbsp; ") + boxes;
    }
    if (merges > std::size_t(MaxSteps))
        lines << Tr::tr("… %1 more merges").arg(merges - std::size_t(MaxSteps));
    const auto direct = gpt2BpePiece(piece.text, vocab);
    if (direct.size() == 1 && merged.size() > 1)
        lines << Tr::tr("the whole piece is a token: %1").arg(direct[0]);
    lines << Tr::tr("%n token(s): no neighbouring pair is in the vocabulary any more.", nullptr,
                    int(merged.size()));
    return lines.join(QStringLiteral("<br/>"));
}

} // namespace ae
