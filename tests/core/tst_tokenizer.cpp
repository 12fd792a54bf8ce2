// The tokenizer and vocabulary of spec §2 against Python's own rule
// (tests/fixtures/tokenizer.json), plus the app's cjk-chars tokenizer.
#include "Fixtures.h"
#include "Tokenizer.h"
#include "Utf8.h"
#include "Vocabulary.h"

#include <QJsonArray>
#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

std::vector<std::string> strings(const QJsonArray& array)
{
    std::vector<std::string> out;
    for (const QJsonValue& v : array)
        out.push_back(v.toString().toStdString());
    return out;
}

QString show(const std::vector<std::string>& tokens)
{
    QStringList list;
    for (const auto& t : tokens)
        list << QString::fromStdString(t);
    return u'[' + list.join(QStringLiteral(" | ")) + u']';
}

} // namespace

class TestTokenizer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pythonReference_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        const QJsonArray cases =
            readFixture(QStringLiteral("tokenizer.json")).value(QStringLiteral("cases")).toArray();
        QVERIFY(cases.size() >= 25);
        int i = 0;
        for (const QJsonValue& c : cases)
            QTest::newRow(qPrintable(QStringLiteral("%1: %2").arg(++i).arg(
                c.toObject().value(QStringLiteral("text")).toString().left(30).simplified())))
                << c.toObject();
    }

    void pythonReference()
    {
        QFETCH(QJsonObject, testCase);
        const auto tokens =
            tokenize(testCase.value(QStringLiteral("text")).toString().toStdString());
        const auto sourceTokens =
            tokenize(testCase.value(QStringLiteral("source_text")).toString().toStdString());
        const auto expected = strings(testCase.value(QStringLiteral("tokens")).toArray());
        QVERIFY2(tokens == expected,
                 qPrintable(show(tokens) + QStringLiteral(" != ") + show(expected)));
        QVERIFY(sourceTokens == strings(testCase.value(QStringLiteral("source_tokens")).toArray()));
        const Vocabulary vocabulary({tokens, sourceTokens});
        const auto expectedVocabulary =
            strings(testCase.value(QStringLiteral("vocabulary")).toArray());
        QVERIFY2(vocabulary.tokens() == expectedVocabulary,
                 qPrintable(show(vocabulary.tokens()) + QStringLiteral(" != ") +
                            show(expectedVocabulary)));
        for (std::size_t i = 0; i < tokens.size(); ++i)
            QCOMPARE(vocabulary.tokens().at(std::size_t(vocabulary.idOf(tokens[i]))), tokens[i]);
    }

    void cjkCharacters_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("tokens");
        QTest::newRow("Chinese without spaces")
            << QStringLiteral("生活很短，先吃甜点")
            << QStringList{QStringLiteral("生"), QStringLiteral("活"), QStringLiteral("很"),
                           QStringLiteral("短"), QStringLiteral("先"), QStringLiteral("吃"),
                           QStringLiteral("甜"), QStringLiteral("点")};
        QTest::newRow("mixed with Latin words")
            << QStringLiteral("GPT模型 works")
            << QStringList{QStringLiteral("GPT"), QStringLiteral("模"), QStringLiteral("型"),
                           QStringLiteral("works")};
        QTest::newRow("kana stay a run")
            << QStringLiteral("ひらがな漢字")
            << QStringList{QStringLiteral("ひらがな"), QStringLiteral("漢"), QStringLiteral("字")};
        QTest::newRow("extension B ideograph")
            << QStringLiteral("a\U00020000b")
            << QStringList{QStringLiteral("a"), QStringLiteral("\U00020000"), QStringLiteral("b")};
        QTest::newRow("no CJK: same as words")
            << QStringLiteral("Life is short, eat")
            << QStringList{QStringLiteral("Life"), QStringLiteral("is"), QStringLiteral("short"),
                           QStringLiteral("eat")};
    }

    void cjkCharacters()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, tokens);
        QStringList got;
        for (const auto& t : tokenize(text.toStdString(), TokenizerKind::CjkChars))
            got << QString::fromStdString(t);
        QCOMPARE(got, tokens);
    }

    void wordsKeepsChineseSentenceWhole()
    {
        QCOMPARE(tokenize("生活很短，先吃甜点").size(), std::size_t(2)); // split only at the comma
    }

    void malformedUtf8DoesNotCrash_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("tokenCount");
        QTest::newRow("lone continuation") << QByteArray("a\x80 b") << 2;
        QTest::newRow("truncated sequence") << QByteArray("ab \xE4\xB8") << 2;
        QTest::newRow("overlong slash") << QByteArray("x\xC0\xAFy") << 1;
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << 1;
        QTest::newRow("empty") << QByteArray() << 0;
    }

    void malformedUtf8DoesNotCrash()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, tokenCount);
        const auto tokens =
            tokenize(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QCOMPARE(int(tokens.size()), tokenCount);
        for (const auto& token : tokens) // every token is valid UTF-8 (U+FFFD replaces bad bytes)
            QVERIFY(QString::fromStdString(token).toStdString() == token);
    }

    void vocabularyIdOfUnknown()
    {
        const Vocabulary vocabulary({{"b", "a"}, {"c", "a"}});
        QCOMPARE(vocabulary.size(), 3);
        QCOMPARE(vocabulary.idOf("a"), 0);
        QCOMPARE(vocabulary.idOf("c"), 2);
        QCOMPARE(vocabulary.idOf("zz"), -1);
    }
};

QTEST_GUILESS_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
