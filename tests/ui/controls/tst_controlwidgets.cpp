// The small editors the panel is built from: the 64-bit seed spin box, the dropout
// slider and spin box kept in step, the dropout seed's "continue the stream", and the
// sentence editor showing a session's text (ControlSync.h) by replacing only what differs.
#include "ControlSync.h"
#include "DropoutEdit.h"
#include "DropoutSeedEdit.h"
#include "SeedSpinBox.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

using namespace ae;

namespace {

constexpr std::uint64_t MaxSeed = 9223372036854775807ULL; // limits::MaxSeed

} // namespace

class TestControlWidgets : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sentenceShowsTheSessionsText_data()
    {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("after");
        const QString life = QStringLiteral("Life is short, eat dessert first");
        QTest::newRow("a word off the start") << life << life.mid(5);
        QTest::newRow("a word on the end") << life << life + QStringLiteral(" today");
        QTest::newRow("the middle changed")
            << life << QStringLiteral("Life is long, eat dessert first");
        QTest::newRow("repeated letters") << QStringLiteral("aaaa") << QStringLiteral("aaaaaa");
        QTest::newRow("all of it") << life << QStringLiteral("Your journey starts with one step");
        QTest::newRow("to nothing") << life << QString();
        QTest::newRow("from nothing") << QString() << life;
        QTest::newRow("lines") << QStringLiteral("one\ntwo\nthree")
                               << QStringLiteral("one\n2\nthree");
        // U+1F600 and U+1F601 share their high surrogate: only the low one differs.
        QTest::newRow("surrogate pairs")
            << QStringLiteral("eat \U0001F600 first") << QStringLiteral("eat \U0001F601 first");
    }

    void sentenceShowsTheSessionsText()
    {
        QFETCH(QString, before);
        QFETCH(QString, after);
        QPlainTextEdit edit;
        edit.setPlainText(before);
        edit.insertPlainText(QStringLiteral("x")); // the user's own edit, undone in the editor
        edit.undo();
        QCOMPARE(edit.toPlainText(), before);
        QVERIFY(edit.document()->isRedoAvailable());
        int changed = 0;
        connect(&edit, &QPlainTextEdit::textChanged, this, [&changed] { ++changed; });
        sync::setText(&edit, after.toStdString());
        QCOMPARE(edit.toPlainText(), after);
        QCOMPARE(changed, 0);                         // nothing written back to the session
        QVERIFY(!edit.document()->isUndoAvailable()); // as after setPlainText
        QVERIFY(!edit.document()->isRedoAvailable());
        QCOMPARE(edit.document()->blockCount(), int(after.count(u'\n')) + 1);
    }

    // Typing at the end while the session changes its start: the cursor stays by the text it
    // was next to.
    void sentenceKeepsTheCursor()
    {
        QPlainTextEdit edit;
        edit.setPlainText(QStringLiteral("Life is short, eat dessert first"));
        QTextCursor cursor = edit.textCursor();
        cursor.setPosition(14); // after "short,"
        edit.setTextCursor(cursor);
        sync::setText(&edit, "is short, eat dessert first");
        QCOMPARE(edit.textCursor().position(), 9);
    }

    void seedSpinBoxTakesTypedSeeds_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<quint64>("value");
        QTest::newRow("zero") << QStringLiteral("0") << quint64(0);
        QTest::newRow("the article's") << QStringLiteral("123") << quint64(123);
        QTest::newRow("beyond int") << QStringLiteral("4294967296") << quint64(4294967296);
        QTest::newRow("the largest") << QStringLiteral("9223372036854775807") << quint64(MaxSeed);
        // One digit more than the largest is refused as it is typed: the value stays.
        QTest::newRow("too large") << QStringLiteral("92233720368547758070") << quint64(MaxSeed);
        QTest::newRow("letters and a sign") << QStringLiteral("-1x7") << quint64(17);
    }

    void seedSpinBoxTakesTypedSeeds()
    {
        QFETCH(QString, typed);
        QFETCH(quint64, value);
        SeedSpinBox spin;
        spin.setValue(5);
        QSignalSpy changes(&spin, &SeedSpinBox::valueChanged);
        spin.selectAll();
        QTest::keyClicks(&spin, typed);
        QCOMPARE(quint64(spin.value()), value);
        if (value != 5)
            QCOMPARE(changes.last().at(0).value<quint64>(), value);
    }

    void seedSpinBoxStepsWithinRange()
    {
        SeedSpinBox spin;
        spin.show();
        QTest::keyClick(&spin, Qt::Key_Down);
        QCOMPARE(quint64(spin.value()), quint64(0));
        QTest::keyClick(&spin, Qt::Key_Up);
        QCOMPARE(quint64(spin.value()), quint64(1));
        spin.setValue(MaxSeed);
        spin.stepBy(10);
        QCOMPARE(quint64(spin.value()), quint64(MaxSeed));
        QCOMPARE(spin.findChild<QLineEdit*>()->text(), QStringLiteral("9223372036854775807"));
    }

    void seedSpinBoxRestoresAnEmptyField()
    {
        SeedSpinBox spin;
        spin.setValue(42);
        spin.show();
        spin.selectAll();
        QTest::keyClick(&spin, Qt::Key_Delete);
        QTest::keyClick(&spin, Qt::Key_Enter); // editingFinished
        QCOMPARE(quint64(spin.value()), quint64(42));
        QCOMPARE(spin.findChild<QLineEdit*>()->text(), QStringLiteral("42"));
    }

    void dropoutSliderAndSpinBoxAgree()
    {
        DropoutEdit edit;
        QSignalSpy edits(&edit, &DropoutEdit::valueEdited);
        edit.slider()->setSliderPosition(30);
        QCOMPARE(edit.spinBox()->value(), 0.3);
        edit.spinBox()->setValue(0.5);
        QCOMPARE(edit.slider()->value(), 50);
        edit.spinBox()->setValue(0.99); // beyond the slider's end
        QCOMPARE(edit.slider()->value(), DropoutEdit::SliderSteps);
        QCOMPARE(edits.count(), 3);
        QCOMPARE(edits.last().at(0).toDouble(), 0.99);

        edit.setValue(0.1); // shown, not edited
        QCOMPARE(edit.slider()->value(), 10);
        QCOMPARE(edit.spinBox()->value(), 0.1);
        QCOMPARE(edits.count(), 3);
    }

    void dropoutSeedContinuesOrSeeds()
    {
        DropoutSeedEdit edit;
        QSignalSpy edits(&edit, &DropoutSeedEdit::valueEdited);
        edit.setValue(std::nullopt);
        QVERIFY(edit.continueBox()->isChecked());
        QVERIFY(!edit.seedBox()->isEnabled());
        QCOMPARE(edits.count(), 0);

        edit.continueBox()->click();
        QCOMPARE(edit.value(), std::optional<std::uint64_t>(0));
        QVERIFY(edit.seedBox()->isEnabled());
        edit.seedBox()->setValue(77);
        QCOMPARE(edit.value(), std::optional<std::uint64_t>(77));
        edit.continueBox()->click();
        QCOMPARE(edit.value(), std::nullopt);
        QCOMPARE(edits.count(), 3);

        edit.setValue(5);
        QCOMPARE(edit.value(), std::optional<std::uint64_t>(5));
        QCOMPARE(edits.count(), 3);
    }
};

QTEST_MAIN(TestControlWidgets)
#include "tst_controlwidgets.moc"
