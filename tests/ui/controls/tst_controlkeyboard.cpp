// The session editor from the keyboard: Tab visits every control in the order of the session
// keys, and every control has its own mnemonic.
#include "ControlPanel.h"
#include "SessionDiff.h"
#include "SessionDocument.h"

#include <QAbstractButton>
#include <QApplication>
#include <QHash>
#include <QLabel>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace ae;
using test::controlKeys;
using test::EverythingApplies;
using test::sessionFrom;

namespace {

QChar mnemonic(const QString& text)
{
    const qsizetype at = text.indexOf(QRegularExpression(QStringLiteral("&[^&]")));
    return at < 0 ? QChar() : text.at(at + 1).toLower();
}

} // namespace

class TestControlKeyboard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Tab visits the controls in the order of the session keys (the manual table is
    // disabled with torch; "Advanced" is opened on the way).
    void tabVisitsControlsInOrder()
    {
        SessionDocument document;
        document.setSession(sessionFrom(EverythingApplies));
        ControlPanel panel(&document);
        panel.resize(360, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        const QStringList keys = controlKeys();
        panel.controlFor(QStringLiteral("sentence"))->setFocus();

        QStringList visited;
        for (int press = 0; press < 60; ++press) {
            QWidget* focus = QApplication::focusWidget();
            QVERIFY(focus);
            if (auto* toggle = qobject_cast<QAbstractButton*>(focus);
                toggle && toggle->isCheckable() && !toggle->isChecked() &&
                toggle->text() == ControlPanel::tr("&Advanced"))
                toggle->click();
            for (QWidget* w = focus; w && w != &panel; w = w->parentWidget()) {
                if (keys.contains(w->objectName())) {
                    if (visited.isEmpty() || visited.last() != w->objectName())
                        visited << w->objectName();
                    break;
                }
            }
            QTest::keyClick(focus, Qt::Key_Tab);
            if (QApplication::focusWidget() == panel.controlFor(QStringLiteral("sentence")))
                break;
        }
        QStringList expected = keys;
        expected.removeAll(QStringLiteral("inputs"));
        expected.removeAll(QStringLiteral("source_inputs"));
        // sessionKeys() lists the app's own keys last; the panel puts the tokenizer with the
        // sentences and the positions after d_in.
        expected.removeAll(QStringLiteral("tokenizer"));
        expected.insert(expected.indexOf(QStringLiteral("embedding")), QStringLiteral("tokenizer"));
        for (const char* key : {"context_length", "positional"}) {
            expected.removeAll(QLatin1StringView(key));
            expected.insert(expected.indexOf(QStringLiteral("d_in")) + 1, QLatin1StringView(key));
        }
        // Today's keys come after the mask and dropout, before the Advanced group; Tab skips
        // the ones that do not apply here (cross-attention with the wrapper: no RoPE, no
        // grouped heads, no tiles).
        expected.removeAll(QStringLiteral("cpu_capability"));
        expected << QStringLiteral("cpu_capability");
        expected.removeIf([&panel](const QString& key) {
            return todaysSessionKeys().contains(key) && !panel.controlFor(key)->isEnabled();
        });
        QCOMPARE(visited, expected);
    }

    void mnemonicsAreUnique()
    {
        SessionDocument document;
        ControlPanel panel(&document);
        QHash<QChar, QString> used;
        const auto use = [&](const QString& text) {
            const QChar letter = mnemonic(text);
            if (letter.isNull())
                return;
            QVERIFY2(!used.contains(letter),
                     qPrintable(text + QStringLiteral(" and ") + used.value(letter)));
            used.insert(letter, text);
        };
        QSet<QWidget*> reachable;
        for (QLabel* label : panel.findChildren<QLabel*>()) {
            use(label->text());
            if (label->buddy() && !mnemonic(label->text()).isNull())
                reachable.insert(label->buddy());
        }
        for (QAbstractButton* button : panel.findChildren<QAbstractButton*>()) {
            use(button->text());
            if (!mnemonic(button->text()).isNull())
                reachable.insert(button);
        }
        // source_inputs shares the table's label; cpu_capability sits in the collapsed Advanced
        // group and today's keys after the mask (reached by Tab; the alphabet has no letter
        // left for them).
        for (const QString& key : controlKeys())
            if (key != QStringLiteral("source_inputs") && key != QStringLiteral("cpu_capability") &&
                !todaysSessionKeys().contains(key))
                QVERIFY2(reachable.contains(panel.controlFor(key)), qPrintable(key));
    }
};

QTEST_MAIN(TestControlKeyboard)
#include "tst_controlkeyboard.moc"
