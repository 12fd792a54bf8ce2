// The Tokens page with a fixed-vocabulary tokenizer (GPT-2's): how a token is written (leading
// space, partial UTF-8 character), the count line, the spans over the text and the merge steps
// of a token.
#include "Engine.h"
#include "Gpt2Encoding.h"
#include "Session.h"
#include "TokenSpanText.h"
#include "TokenSpansView.h"
#include "Tokenizer.h"
#include "TokensPage.h"
#include "Trace.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace ae;

class TestTokenSpansView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void visibleText_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("leading space") << QByteArray(" is") << QStringLiteral("␣is");
        QTest::newRow("newlines") << QByteArray("\n\n") << QStringLiteral("⏎⏎");
        QTest::newRow("tab") << QByteArray("\t") << QStringLiteral("␉");
        QTest::newRow("part of a character") << QByteArray("\xe4\xbd") << QStringLiteral("<E4 BD>");
        QTest::newRow("space and a lone byte") << QByteArray(" \xe4") << QStringLiteral("␣<E4>");
        QTest::newRow("whole character") << QByteArray("\xe4\xbd\xa0") << QStringLiteral("你");
        QTest::newRow("NUL") << QByteArray("\0", 1) << QStringLiteral("⟨U+0000⟩");
        QTest::newRow("real U+FFFD") << QByteArray("\xef\xbf\xbd") << QStringLiteral("\ufffd");
    }

    void visibleText()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QCOMPARE(visibleTokenText(std::string_view(bytes.constData(), std::size_t(bytes.size()))),
                 expected);
    }

    void wordsAndSpans()
    {
        QCOMPARE(wordCount("  Hello,  world!\n你好 "), 3);
        QCOMPARE(wordCount(""), 0);
        const std::string text = "Hello 你";
        const auto spans = tokenSpans(tokenizerFor(TokenizerKind::Gpt2), text, gpt2Encode(text));
        QVERIFY(!spans.empty());
        QCOMPARE(spans.front().begin, std::size_t{0});
        QCOMPARE(spans.back().end, text.size());
        for (std::size_t i = 1; i < spans.size(); ++i)
            QCOMPARE(spans[i].begin, spans[i - 1].end);
    }

    // Lines of spans break only between tokens: never inside one ("<E4 BD>", "and/or") or
    // between a token and its id (the newcomer saw "while98 / 1" with 1220 on the next line).
    void linesBreakOnlyBetweenTokens()
    {
        const std::string text =
            "The cat sat on the mat while 98 / 1 dogs barked at \xe4\xbd\xa0 and/or http://x.y";
        const QString html =
            tokenSpansHtml(tokenizerFor(TokenizerKind::Gpt2), gpt2Encode(text), 0, -1);
        QTextDocument document;
        document.setHtml(html);
        for (const int width : {150, 220, 330}) {
            document.setTextWidth(width);
            (void)document.size(); // lays it out
            int lines = 0;
            for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
                const QTextLayout* layout = block.layout();
                lines += layout->lineCount();
                for (int l = 0; l + 1 < layout->lineCount(); ++l) {
                    const QTextLine line = layout->lineAt(l);
                    const int end = line.textStart() + line.textLength();
                    QVERIFY2(end > 0 && block.text().at(end - 1) == QChar(0x200B),
                             qPrintable(
                                 QStringLiteral("width %1, line %2 ends in \"%3\"")
                                     .arg(width)
                                     .arg(l)
                                     .arg(block.text().mid(line.textStart(), line.textLength()))));
                }
            }
            QVERIFY(lines > 1); // the widths do break the text
        }
    }

    void pageShowsSpansAndMerges()
    {
        Session session;
        session.sentence = "It's 你好 tokenization";
        session.tokenizer = TokenizerKind::Gpt2;
        session.vocabSize = 50257;
        const ComputeResult result = Engine().compute(session);
        QVERIFY(result.trace);
        TokensPage page;
        page.setTrace(result.trace);
        auto* view = page.findChild<TokenSpansView*>();
        QVERIFY(view);
        QVERIFY(!view->isHidden());
        const auto ids = gpt2Encode(session.sentence);
        QCOMPARE(view->countText(), QStringLiteral("sentence: %1 tokens for 3 words / %2 bytes")
                                        .arg(ids.size())
                                        .arg(session.sentence.size()));
        QVERIFY(view->stepsText().isEmpty());

        // " tokenization" is the last piece: its merges start from 13 bytes and end in its tokens.
        const int last = int(ids.size()) - 1;
        view->chooseToken(0, last);
        const QString steps = view->stepsText();
        QVERIFY2(steps.contains(QStringLiteral("␣tokenization (13 bytes)")), qPrintable(steps));
        QVERIFY(steps.contains(QStringLiteral("bytes:")));
        QVERIFY(steps.contains(QStringLiteral("merge rank")));
        QVERIFY(steps.contains(QStringLiteral("␣token")));

        // 你 is split between tokens: its first token shows its bytes.
        QString html = tokenSpansHtml(tokenizerFor(TokenizerKind::Gpt2), ids, 0, -1);
        QVERIFY(html.contains(QStringLiteral("token:0:%1").arg(last)));
        html.remove(QChar(0x2060)).replace(QChar(0x00A0), u' '); // unbreakable() undone
        QVERIFY2(html.contains(QStringLiteral("&lt;E4 BD&gt;")), qPrintable(html));

        // The table numbers tokens from 1 and writes them as the spans do; its row shows the
        // token's merges too.
        auto* table = page.findChildren<QTableWidget*>().front();
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("1"));
        QCOMPARE(table->item(last - 1, 2)->text(), QStringLiteral("␣token"));
        view->chooseToken(0, -1);
        QVERIFY(view->stepsText().isEmpty());
        table->setCurrentCell(last - 1, 2);
        QVERIFY2(view->stepsText().contains(QStringLiteral("␣tokenization (13 bytes)")),
                 qPrintable(view->stepsText()));

        // Back to the article's tokenizer: the spans go, the vocabulary table is back.
        session.tokenizer = TokenizerKind::Words;
        page.setTrace(Engine().compute(session).trace);
        QVERIFY(view->isHidden());
    }

    // At presentation sizes the tables' rows grow with the font: a row cut to the normal
    // font's height showed "␣" as ",," (its top cut off).
    void rowsGrowWithTheFont()
    {
        TokensPage page;
        page.setTrace(Engine().compute(Session{}).trace);
        QFont large = page.font();
        large.setPointSizeF(30);
        page.setFont(large);
        for (const QTableWidget* table : page.findChildren<QTableWidget*>()) {
            QVERIFY(table->rowCount() > 0);
            QVERIFY2(table->rowHeight(0) >= QFontMetrics(table->font()).height(),
                     qPrintable(QStringLiteral("%1 < %2")
                                    .arg(table->rowHeight(0))
                                    .arg(QFontMetrics(table->font()).height())));
        }
    }
};

QTEST_MAIN(TestTokenSpansView)
#include "tst_tokenspansview.moc"
