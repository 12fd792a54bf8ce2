// Where the walkthrough's narrow dock may break a line (BreakableText.h): zero-width spaces,
// written "|" here, inside long identifiers and code, never inside short words or numbers.
#include "BreakableText.h"

#include <QTest>

using namespace ae;

namespace {

QString marked(QString text)
{
    return text.replace(QChar(0x200b), u'|');
}

} // namespace

class TestBreakableText : public QObject
{
    Q_OBJECT

private slots:
    void prose_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("camel case") << QStringLiteral("the MultiHeadAttention class")
                                    << QStringLiteral("the Multi|Head|Attention class");
        QTest::newRow("underscore and dot") << QStringLiteral("call torch.manual_seed(123)")
                                            << QStringLiteral("call torch.|manual_|seed(123)");
        QTest::newRow("short words stay whole")
            << QStringLiteral("d_in and QKV of GPT-2") << QStringLiteral("d_in and QKV of GPT-2");
        QTest::newRow("capitals in a row")
            << QStringLiteral("HTTPServerName") << QStringLiteral("HTTPServer|Name");
        QTest::newRow("plain sentence") << QStringLiteral("Life is short, eat dessert first")
                                        << QStringLiteral("Life is short, eat dessert first");
    }
    void prose()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(marked(proseBreakable(text)), expected);
        QCOMPARE(proseBreakable(text).remove(QChar(0x200b)), text); // nothing else changes
    }

    void code_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("expected");
        QTest::newRow("call") << QStringLiteral("softmax(w / 2, dim=-1)")
                              << QStringLiteral("softmax(|w /| 2,| dim=|-1)");
        QTest::newRow("member and underscore")
            << QStringLiteral("torch.manual_seed") << QStringLiteral("torch.|manual_|seed");
        QTest::newRow("number kept whole") << QStringLiteral("x[0.5]") << QStringLiteral("x[|0.5]");
    }
    void code()
    {
        QFETCH(QString, statement);
        QFETCH(QString, expected);
        QCOMPARE(marked(breakable(statement)), expected);
    }

    // One paragraph per statement, each escaped: "<" of a comparison is text, not markup.
    void formulaParagraphs()
    {
        const QString html = formulaHtml(QStringLiteral("a < b\nc = d"));
        QCOMPARE(html.count(QStringLiteral("<p ")), 2);
        QVERIFY(html.contains(QStringLiteral("a &lt; b")));
        QVERIFY(marked(html).contains(QStringLiteral("c =| d")));
    }
};

QTEST_APPLESS_MAIN(TestBreakableText)
#include "tst_breakabletext.moc"
