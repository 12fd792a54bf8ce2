// The Simplified Chinese catalogue as lupdate and the translators left it: hundreds of
// messages, every one finished (none unfinished, obsolete, vanished or empty), and every
// translation keeps what the program fills in or reacts to: the placeholders (%1 ... %n),
// the mnemonic letter (Chinese style "注意力头数(&H)" keeps the English &h), the HTML tags
// and the code inside <code>...</code>. English prose must come out Chinese.
#include "TsCatalogue.h"

#include <QRegularExpression>
#include <QTest>

using namespace ae::test;

namespace {

QString describe(const TsMessage& m)
{
    return m.context + QStringLiteral(": \"") + m.source + QStringLiteral("\" -> \"") +
           m.translations.join(QStringLiteral("\" | \"")) + u'"';
}

QStringList matches(const QString& pattern, const QString& text)
{
    QStringList found;
    const QRegularExpression re(pattern);
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(1);
    return found;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

QStringList placeholders(const QString& text)
{
    return sorted(matches(QStringLiteral("(%L?(?:\\d{1,2}|n))"), text));
}

QStringList mnemonics(const QString& text)
{
    QString withoutEscapes = text;
    withoutEscapes.remove(QStringLiteral("&&"));
    return matches(QStringLiteral("&(\\S)"), withoutEscapes.toLower());
}

QStringList tags(const QString& text)
{
    return matches(QStringLiteral("(</?[a-zA-Z][^>]*>)"), text);
}

QStringList code(const QString& text)
{
    return sorted(matches(QStringLiteral("<code>(.*?)</code>"), text));
}

bool hasChinese(const QString& text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return text.contains(han);
}

// Two English words in a row, outside the product's name and <code>: prose that a reader of
// the Chinese interface must get in Chinese ("Causal mask", not "Token id", "d_out (v)" or "%1 /
// %2").
bool hasEnglishProse(const QString& source)
{
    static const QRegularExpression prose(QStringLiteral("\\b[A-Za-z]{3,}[ ]+&?[A-Za-z]{3,}\\b"));
    QString text = source;
    text.remove(QStringLiteral("Attention Explorer"));
    text.remove(QRegularExpression(QStringLiteral("<code>.*?</code>")));
    return text.contains(prose);
}

} // namespace

class TestTsFile : public QObject
{
    Q_OBJECT
private:
    TsCatalogue m_catalogue;

    // Every message for which `wrong` is true, one per line, so that a translator sees them all at
    // once.
    template <typename Check> QString failures(Check wrong) const
    {
        QStringList lines;
        for (const TsMessage& m : m_catalogue.messages)
            if (wrong(m))
                lines << describe(m);
        return lines.join(u'\n');
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_catalogue = readTsFile(QStringLiteral(AE_ZH_CN_TS));
        QVERIFY2(m_catalogue.error.isEmpty(), qPrintable(m_catalogue.error));
    }

    void isSimplifiedChinese() { QCOMPARE(m_catalogue.language, QStringLiteral("zh_CN")); }

    void holdsEveryMessage()
    {
        QVERIFY2(m_catalogue.messages.size() >= 400,
                 qPrintable(QString::number(m_catalogue.messages.size())));
    }

    void noneUnfinishedObsoleteOrEmpty()
    {
        const QString wrong = failures([](const TsMessage& m) {
            return !m.type.isEmpty() || m.translations.isEmpty() ||
                   std::any_of(m.translations.begin(), m.translations.end(),
                               [](const QString& t) { return t.trimmed().isEmpty(); });
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }

    void placeholdersKept()
    {
        const QString wrong = failures([](const TsMessage& m) {
            return std::any_of(m.translations.begin(), m.translations.end(), [&](const QString& t) {
                return placeholders(t) != placeholders(m.source);
            });
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }

    void mnemonicLettersKept()
    {
        const QString wrong = failures([](const TsMessage& m) {
            return mnemonics(m.translations.constFirst()) != mnemonics(m.source);
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }

    void markupAndCodeKept()
    {
        const QString wrong = failures([](const TsMessage& m) {
            const QString& t = m.translations.constFirst();
            return tags(t) != tags(m.source) || code(t) != code(m.source);
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }

    void proseIsChinese()
    {
        const QString wrong = failures([](const TsMessage& m) {
            return hasEnglishProse(m.source) && !hasChinese(m.translations.constFirst());
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }

    // Plural forms: Chinese has one, and it still says where the number goes.
    void numerusFormsComplete()
    {
        const QString wrong = failures([](const TsMessage& m) {
            return m.numerus &&
                   (m.translations.size() != 1 || !m.translations.constFirst().contains(u"%n"));
        });
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }
};

QTEST_GUILESS_MAIN(TestTsFile)
#include "tst_tsfile.moc"
