// How a token is shown (displayTokenText): every byte of a byte-level BPE token visible, the
// invisible ones named, partial UTF-8 characters in hex; and the Qt views' wrapper over it.
#include "Gpt2Encoding.h"
#include "TokenDisplay.h"

#include <QTest>

using namespace ae;

class TestTokenDisplay : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void display_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, QByteArray bytes, const char* expected) {
            QTest::newRow(name) << bytes << QString::fromUtf8(expected);
        };
        row("plain word", "cat", "cat");
        row("leading space", " is", "␣is");
        row("spaces only", "   ", "␣␣␣");
        row("tab", "\t", "␉");
        row("two tabs then a word", "\t\tx", "␉␉x");
        row("newline run", "\n\n\n", "⏎⏎⏎");
        row("CRLF", "\r\n", "␍⏎");
        row("zero-width space alone", "\u200b", "⟨U+200B⟩");
        row("zero-width space inside a word", "a\u200bb", "a⟨U+200B⟩b");
        row("no-break space", "\u00a0x", "⟨U+00A0⟩x");
        row("ideographic space", "\u3000", "⟨U+3000⟩");
        row("line separator", "\u2028", "⟨U+2028⟩");
        row("byte order mark", "\ufeff", "⟨U+FEFF⟩");
        row("soft hyphen", "soft\u00adhyphen", "soft⟨U+00AD⟩hyphen");
        row("right-to-left override", "\u202e", "⟨U+202E⟩");
        row("SOH", "\x01", "⟨U+0001⟩");
        row("NUL", QByteArray("\0", 1), "⟨U+0000⟩");
        row("escape sequence", "\x1b[0m", "⟨U+001B⟩[0m");
        row("DEL and a C1 control", "\x7f\u0085", "⟨U+007F⟩⟨U+0085⟩");
        row("vertical tab and form feed", "\v\f", "⟨U+000B⟩⟨U+000C⟩");
        row("tag outside the BMP alone", "\U000E0041", "⟨U+E0041⟩");
        row("joiner alone", "\u200d", "⟨U+200D⟩");
        row("emoji with a variation selector", "❤️", "❤️");
        row("emoji joined by ZWJ", "👨‍👩‍👧", "👨‍👩‍👧");
        row("variation selector after a space", " \ufe0f", "␣⟨U+FE0F⟩");
        row("part of a character", "\xe4\xbd", "<E4 BD>");
        row("space and a lone byte", " \xe4", "␣<E4>");
        row("lone byte then a joiner", "\xe4\u200d", "<E4>⟨U+200D⟩");
        row("whole character", "\xe4\xbd\xa0", "你");
        row("real U+FFFD", "\xef\xbf\xbd", "\ufffd");
        row("combining mark stays", "e\u0301", "e\u0301");
        row("mixed", " \t\u00a0\r\n\u200bword", "␣␉⟨U+00A0⟩␍⏎⟨U+200B⟩word");
    }

    void display()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(displayTokenText(
                     std::string_view(bytes.constData(), std::size_t(bytes.size())))),
                 expected);
    }

    // Whatever the bytes, the display is valid UTF-8 and holds no control or invisible code point:
    // all 256 byte tokens of GPT-2's vocabulary, each alone.
    void everyByteTokenIsVisible()
    {
        for (std::int64_t id = 0; id < 256; ++id) {
            const QString shown = QString::fromStdString(displayTokenText(gpt2TokenBytes(id)));
            QVERIFY(!shown.isEmpty());
            QVERIFY2(QString::fromUtf8(shown.toUtf8()) == shown, qPrintable(shown));
            for (const char32_t cp : shown.toUcs4()) {
                QVERIFY2(
                    cp >= 0x20 && cp != 0x7F && !(cp >= 0x80 && cp < 0xA0),
                    qPrintable(QStringLiteral("id %1 shows U+%2").arg(id).arg(uint(cp), 4, 16)));
                QVERIFY2(
                    !QChar::isSpace(cp) && cp != 0xAD && cp != 0x200B && cp != 0xFEFF,
                    qPrintable(QStringLiteral("id %1 shows U+%2").arg(id).arg(uint(cp), 4, 16)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTokenDisplay)
#include "tst_tokendisplay.moc"
