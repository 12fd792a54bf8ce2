// The session editor: each control writes exactly its key, at once; a loaded session shows
// in every control without being written back; controls that do not apply are disabled;
// keys that must agree change together. (The keyboard: tst_controlkeyboard; an issue next to
// the control at fault: tst_controlissues.)
#include "ControlPanel.h"
#include "DropoutEdit.h"
#include "DropoutSeedEdit.h"
#include "EmbeddingTableModel.h"
#include "SeedSpinBox.h"
#include "SessionDiff.h"
#include "SessionDocument.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QWheelEvent>

using namespace ae;
using test::changedKeys;
using test::controlKeys;
using test::EverythingApplies;
using test::sessionFrom;

namespace {

const QByteArray Manual =
    R"({"embedding": "manual", "sentence": "a b", "d_in": 2, "inputs": [[1, 2], [3, 4]]})";

// What a user does to a control: types at the end of a text or over a spin box's value,
// picks a combo box item by its session value, clicks a check box, moves a slider.
void actOn(QWidget* widget, const QVariant& input)
{
    if (auto* text = qobject_cast<QPlainTextEdit*>(widget)) {
        text->moveCursor(QTextCursor::End);
        QTest::keyClicks(text, input.toString());
    } else if (auto* combo = qobject_cast<QComboBox*>(widget)) {
        const int index = combo->findData(input.toString());
        QVERIFY2(index >= 0, qPrintable(input.toString()));
        combo->setCurrentIndex(index);
    } else if (auto* button = qobject_cast<QAbstractButton*>(widget)) {
        QVERIFY(button->isChecked() != input.toBool());
        button->click();
    } else if (auto* slider = qobject_cast<QSlider*>(widget)) {
        slider->setSliderPosition(input.toInt());
    } else if (auto* spin = qobject_cast<QAbstractSpinBox*>(widget)) {
        spin->selectAll();
        QTest::keyClicks(spin, input.toString());
    } else {
        QFAIL("no way to act on this widget");
    }
}

// What a control shows, in the session file's terms.
QJsonValue shownValue(const QWidget* control)
{
    if (auto* text = qobject_cast<const QPlainTextEdit*>(control))
        return text->toPlainText();
    if (auto* combo = qobject_cast<const QComboBox*>(control))
        return combo->currentData().toString();
    if (auto* button = qobject_cast<const QAbstractButton*>(control))
        return button->isChecked();
    if (auto* spin = qobject_cast<const QSpinBox*>(control))
        return spin->value();
    if (auto* spin = qobject_cast<const QDoubleSpinBox*>(control))
        return spin->value();
    if (auto* seed = qobject_cast<const SeedSpinBox*>(control))
        return qint64(seed->value());
    if (auto* dropout = qobject_cast<const DropoutEdit*>(control))
        return dropout->value();
    if (auto* dropoutSeed = qobject_cast<const DropoutSeedEdit*>(control))
        return dropoutSeed->value() ? QJsonValue(qint64(*dropoutSeed->value())) : QJsonValue();
    if (auto* table = qobject_cast<const QTableView*>(control))
        return test::rowsOf(static_cast<const EmbeddingTableModel*>(table->model())->values());
    return QJsonValue::Undefined;
}

} // namespace

class TestControlPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The plain wheel over a control that has not the focus changes nothing and is left
    // unaccepted, so that Qt passes it on to the panel's scroll area (a wheel turn over the
    // Variant box, scrolling the panel, switched it); once focused, the control takes the
    // wheel. Every kind: combo box, spin box, slider.
    void wheelScrollsThePanelUntilAControlIsFocused_data()
    {
        QTest::addColumn<QString>("key");
        QTest::newRow("combo box") << QStringLiteral("variant");
        QTest::newRow("spin box") << QStringLiteral("d_in");
        QTest::newRow("slider") << QStringLiteral("dropout");
    }
    void wheelScrollsThePanelUntilAControlIsFocused()
    {
        QFETCH(QString, key);
        SessionDocument document;
        ControlPanel panel(&document);
        panel.show();
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        QWidget* found = panel.controlFor(key);
        QVERIFY(found);
        // The dropout edit is a slider beside a spin box: the slider.
        QWidget* control = found->findChild<QSlider*>() ? found->findChild<QSlider*>() : found;
        QCOMPARE(control->focusPolicy(), Qt::StrongFocus); // a wheel turn gives no focus
        const Session before = document.session();
        const auto turn = [&](int degrees) {
            const QPointF at = QRectF(control->rect()).center();
            QWheelEvent wheel(at, control->mapToGlobal(at), QPoint(), QPoint(0, degrees * 8),
                              Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(control, &wheel);
            return wheel.isAccepted();
        };
        QVERIFY(!control->hasFocus());
        QVERIFY(!turn(-15));
        QVERIFY(!turn(15));
        QVERIFY2(changedKeys(before, document.session()).isEmpty(),
                 qPrintable(changedKeys(before, document.session()).join(u',')));

        control->setFocus();
        QVERIFY(control->hasFocus());
        turn(-15); // down, or up where down is the end of its range
        if (changedKeys(before, document.session()).isEmpty())
            turn(15);
        QVERIFY(!changedKeys(before, document.session()).isEmpty());
    }

    void everyKeyHasANamedControl()
    {
        SessionDocument document;
        ControlPanel panel(&document);
        for (const QString& key : controlKeys()) {
            QWidget* control = panel.controlFor(key);
            QVERIFY2(control, qPrintable(key));
            QCOMPARE(control->objectName(), key);
        }
        QVERIFY(!panel.controlFor(QStringLiteral("title")));
    }

    void controlWritesItsKey_data()
    {
        QTest::addColumn<QString>("widget");
        QTest::addColumn<QVariant>("input");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("expected");
        QTest::addColumn<QByteArray>("base"); // the session edited
        const auto row = [](const char* name, const char* widget, const QVariant& input,
                            const QJsonValue& expected,
                            const QByteArray& base = EverythingApplies) {
            QTest::newRow(name) << QString::fromLatin1(widget) << input
                                << QString::fromLatin1(name).section(QLatin1Char(' '), 0, 0)
                                << expected << base;
        };
        row("sentence", "sentence", QStringLiteral(" again"),
            QStringLiteral("Life is short, eat dessert first again"));
        row("source_sentence", "source_sentence", QStringLiteral(" heute"),
            QStringLiteral("Das Leben ist kurz heute"));
        row("tokenizer", "tokenizer", QStringLiteral("cjk-chars"), QStringLiteral("cjk-chars"));
        row("embedding_seed", "embedding_seed", QStringLiteral("42"), 42);
        row("embedding_seed beyond int", "embedding_seed", QStringLiteral("4294967296"),
            qint64(4294967296));
        row("vocab_size", "vocab_size", QStringLiteral("1000"), 1000);
        row("d_in", "d_in", QStringLiteral("5"), 5);
        row("variant", "variant", QStringLiteral("simplified"), QStringLiteral("simplified"));
        row("init", "init", QStringLiteral("rand"), QStringLiteral("rand"));
        row("d_out_kq", "d_out_kq", QStringLiteral("3"), 3);
        row("d_out_v", "d_out_v", QStringLiteral("6"), 6);
        row("num_heads", "num_heads", QStringLiteral("3"), 3);
        row("qkv_bias", "qkv_bias", true, true);
        row("weight_seed", "weight_seed", QStringLiteral("9"), 9);
        row("causal", "causal", false, false);
        row("mask_method", "mask_method", QStringLiteral("renormalize"),
            QStringLiteral("renormalize"));
        row("dropout by slider", "dropout_slider", 20, 0.2);
        row("dropout by spin box", "dropout_spin", QLocale().toString(0.25, 'f', 2), 0.25);
        row("training", "training", false, false);
        row("dropout_seed", "dropout_seed_value", QStringLiteral("99"), 99);
        row("dropout_seed continue the stream", "dropout_seed_continue", true, QJsonValue::Null);
        row("cpu_capability", "cpu_capability", QStringLiteral("avx2"), QStringLiteral("avx2"));
        row("positional", "positional", QStringLiteral("sinusoidal"), QStringLiteral("sinusoidal"));
        row("positional none", "positional", QStringLiteral("none"), QStringLiteral("none"));
        row("context_length", "context_length", QStringLiteral("64"), 64);
        // Today's keys, on self-attention of the efficient class (RoPE is refused with a source
        // sentence, grouped heads outside multihead) with RoPE and the flash kernel on.
        const QByteArray today = R"({"variant": "multihead", "num_heads": 2, "d_out_kq": 4,
            "d_out_v": 4, "rope": true, "kernel": "flash"})";
        row("rope", "rope", false, QJsonValue::Undefined, today); // off: the default, not written
        row("rope_style", "rope_style", QStringLiteral("interleaved"),
            QStringLiteral("interleaved"), today);
        row("rope_theta", "rope_theta", QStringLiteral("500000"), 500000, today);
        row("num_kv_heads", "num_kv_heads", QStringLiteral("1"), 1, today);
        row("window", "window", QStringLiteral("3"), 3, today);
        row("kernel", "kernel", QStringLiteral("standard"), QJsonValue::Undefined, today);
        row("block_q", "block_q", QStringLiteral("4"), 4, today);
        row("block_k", "block_k", QStringLiteral("3"), 3, today);
    }

    void controlWritesItsKey()
    {
        QFETCH(QString, widget);
        QFETCH(QVariant, input);
        QFETCH(QString, key);
        QFETCH(QJsonValue, expected);
        QFETCH(QByteArray, base);
        SessionDocument document;
        document.setSession(sessionFrom(base));
        ControlPanel panel(&document);
        const Session before = document.session();
        QSignalSpy edits(&document, &SessionDocument::sessionChanged);

        QWidget* target = panel.findChild<QWidget*>(widget);
        QVERIFY(target);
        QVERIFY(target->isEnabled());
        actOn(target, input);
        if (QTest::currentTestFailed())
            return;

        QVERIFY(!edits.isEmpty()); // live: no Apply button
        QVERIFY(document.isModified());
        QCOMPARE(changedKeys(before, document.session()), QStringList{key});
        QCOMPARE(sessionToJsonObject(document.session()).value(key), expected);
    }

    // Keys that must agree change in the same edit, so no refused session is ever computed.
    void linkedKeysChangeTogether_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::addColumn<QString>("widget");
        QTest::addColumn<QVariant>("input");
        QTest::addColumn<QByteArray>("expected"); // the changed keys and their new values

        QTest::newRow("self-attention has one head")
            << QByteArray(R"({"variant": "multihead-wrapper", "num_heads": 3})")
            << QStringLiteral("variant") << QVariant(QStringLiteral("self-attention"))
            << QByteArray(R"({"variant": "self-attention", "num_heads": 1})");
        QTest::newRow("multihead: d_out_v follows d_out_kq on switching")
            << QByteArray(R"({"d_out_kq": 4, "d_out_v": 2})") << QStringLiteral("variant")
            << QVariant(QStringLiteral("multihead"))
            << QByteArray(R"({"variant": "multihead", "d_out_v": 4})");
        QTest::newRow("multihead: d_out_v follows d_out_kq")
            << QByteArray(R"({"variant": "multihead", "d_out_kq": 4, "d_out_v": 4})")
            << QStringLiteral("d_out_kq") << QVariant(QStringLiteral("6"))
            << QByteArray(R"({"d_out_kq": 6, "d_out_v": 6})");
        QTest::newRow("gpt2: the embedding table grows to GPT-2's 50257 rows")
            << QByteArray(R"({"vocab_size": 50000})") << QStringLiteral("tokenizer")
            << QVariant(QStringLiteral("gpt2"))
            << QByteArray(R"({"tokenizer": "gpt2", "vocab_size": 50257})");
        QTest::newRow("manual: zeros for the tokens")
            << QByteArray(R"({"sentence": "a b", "d_in": 2})") << QStringLiteral("embedding")
            << QVariant(QStringLiteral("manual"))
            << QByteArray(R"({"embedding": "manual", "inputs": [[0, 0], [0, 0]]})");
        QTest::newRow("torch: the manual rows go")
            << Manual << QStringLiteral("embedding") << QVariant(QStringLiteral("torch"))
            << QByteArray(R"({"embedding": "torch", "inputs": []})");
        QTest::newRow("manual: a word typed adds a row")
            << Manual << QStringLiteral("sentence") << QVariant(QStringLiteral(" c"))
            << QByteArray(R"({"sentence": "a b c", "inputs": [[1, 2], [3, 4], [0, 0]]})");
        QTest::newRow("manual: d_in adds a column")
            << Manual << QStringLiteral("d_in") << QVariant(QStringLiteral("3"))
            << QByteArray(R"({"d_in": 3, "inputs": [[1, 2, 0], [3, 4, 0]]})");
        QTest::newRow("manual: a source sentence gets rows")
            << Manual << QStringLiteral("source_sentence") << QVariant(QStringLiteral("x y z"))
            << QByteArray(
                   R"({"source_sentence": "x y z", "source_inputs": [[0, 0], [0, 0], [0, 0]]})");
        QTest::newRow("manual: the tokenizer changes the rows")
            << QByteArray(
                   R"({"embedding": "manual", "sentence": "人生", "d_in": 1, "inputs": [[5]]})")
            << QStringLiteral("tokenizer") << QVariant(QStringLiteral("cjk-chars"))
            << QByteArray(R"({"tokenizer": "cjk-chars", "inputs": [[5], [0]]})");
    }

    void linkedKeysChangeTogether()
    {
        QFETCH(QByteArray, session);
        QFETCH(QString, widget);
        QFETCH(QVariant, input);
        QFETCH(QByteArray, expected);
        SessionDocument document;
        document.setSession(sessionFrom(session));
        ControlPanel panel(&document);
        const Session before = document.session();

        actOn(panel.findChild<QWidget*>(widget), input);
        if (QTest::currentTestFailed())
            return;

        const QJsonObject expectedKeys = QJsonDocument::fromJson(expected).object();
        QStringList keys = expectedKeys.keys();
        keys.sort();
        const QStringList changed = changedKeys(before, document.session());
        QCOMPARE(changed, keys);
        for (const QString& key : keys)
            QCOMPARE(test::keyValue(document.session(), key), expectedKeys.value(key));
    }

    void loadingShowsEveryKey_data()
    {
        QTest::addColumn<QString>("key");
        for (const QString& key : controlKeys())
            QTest::newRow(qPrintable(key)) << key;
    }

    // A loaded session differs from the default in every key; the panel shows each and
    // writes nothing back (one sessionChanged: the load's own; still unmodified).
    void loadingShowsEveryKey()
    {
        QFETCH(QString, key);
        SessionDocument document;
        ControlPanel panel(&document);
        const Session loaded =
            sessionFrom(R"({"sentence": "the cat sat", "source_sentence": "le chat",
            "tokenizer": "cjk-chars", "embedding": "manual", "embedding_seed": 4294967296, "vocab_size": 77,
            "d_in": 2, "inputs": [[1, 2], [3, 4], [5, 6]], "source_inputs": [[7, 8], [9, 10]],
            "variant": "multihead", "init": "linear", "d_out_kq": 6, "d_out_v": 6, "num_heads": 3,
            "qkv_bias": true, "weight_seed": 8, "causal": true, "mask_method": "renormalize", "dropout": 0.3,
            "training": true, "dropout_seed": 11, "cpu_capability": "avx2", "positional": "learned",
            "context_length": 16, "rope": true, "rope_style": "interleaved", "rope_theta": 500000,
            "num_kv_heads": 1, "window": 2, "kernel": "flash", "block_q": 3, "block_k": 4})");
        QVERIFY(sessionToJsonObject(loaded).value(key) !=
                sessionToJsonObject(Session{}).value(key));
        QSignalSpy changes(&document, &SessionDocument::sessionChanged);

        document.setSession(loaded, QStringLiteral("loaded.json"));

        QCOMPARE(changes.count(), 1);
        QVERIFY(!document.isModified());
        QCOMPARE(shownValue(panel.controlFor(key)), sessionToJsonObject(loaded).value(key));
    }

    void typingKeepsTheCursor()
    {
        SessionDocument document;
        ControlPanel panel(&document);
        auto* sentence =
            qobject_cast<QPlainTextEdit*>(panel.controlFor(QStringLiteral("sentence")));
        QTextCursor cursor = sentence->textCursor();
        cursor.setPosition(4); // after "Life"
        sentence->setTextCursor(cursor);

        QTest::keyClicks(sentence, QStringLiteral("long"));

        QCOMPARE(document.session().sentence, std::string("Lifelong is short, eat dessert first"));
        QCOMPARE(sentence->textCursor().position(), 8);
    }

    void onlyApplicableControlsAreEnabled_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("enabled");
        const auto row = [](const char* name, const char* session, const char* key, bool enabled) {
            QTest::newRow(name) << QByteArray(session) << QString::fromLatin1(key) << enabled;
        };
        row("simplified: no init", R"({"variant": "simplified"})", "init", false);
        row("simplified: no d_out", R"({"variant": "simplified"})", "d_out_kq", false);
        row("simplified: no heads", R"({"variant": "simplified"})", "num_heads", false);
        row("simplified: no weight seed", R"({"variant": "simplified"})", "weight_seed", false);
        row("simplified, seedless dropout: weight seed",
            R"({"variant": "simplified", "training": true, "dropout": 0.5})", "weight_seed", true);
        row("self-attention: one head", R"({})", "num_heads", false);
        row("self-attention, 2 heads refused: fixable", R"({"num_heads": 2})", "num_heads", true);
        row("wrapper: heads", R"({"variant": "multihead-wrapper"})", "num_heads", true);
        row("rand: no bias", R"({})", "qkv_bias", false);
        row("linear: bias", R"({"init": "linear"})", "qkv_bias", true);
        row("multihead: d_out_v follows",
            R"({"variant": "multihead", "d_out_kq": 4, "d_out_v": 4})", "d_out_v", false);
        row("multihead, d_out_v refused: fixable", R"({"variant": "multihead", "d_out_kq": 6})",
            "d_out_v", true);
        row("not causal: no mask method", R"({})", "mask_method", false);
        row("causal: mask method", R"({"causal": true})", "mask_method", true);
        row("eval: no dropout seed", R"({"dropout": 0.5})", "dropout_seed", false);
        row("training, p = 0: no dropout seed", R"({"training": true})", "dropout_seed", false);
        row("training, p > 0: dropout seed", R"({"training": true, "dropout": 0.5})",
            "dropout_seed", true);
        row("torch: no manual table", R"({})", "inputs", false);
        row("manual: table", Manual, "inputs", true);
        row("manual: no embedding seed", Manual, "embedding_seed", false);
        row("manual: no vocabulary", Manual, "vocab_size", false);
        row("manual: d_in", Manual, "d_in", true);
        row("manual, learned positions: embedding seed",
            R"({"embedding": "manual", "positional": "learned"})", "embedding_seed", true);
        row("no positions: no context length", R"({})", "context_length", false);
        row("learned positions: context length", R"({"positional": "learned"})", "context_length",
            true);
        row("self-attention: rope", R"({})", "rope", true);
        row("simplified: no rope", R"({"variant": "simplified"})", "rope", false);
        row("cross-attention: no rope", R"({"source_sentence": "Das Leben"})", "rope", false);
        row("no rope: no rope style", R"({})", "rope_style", false);
        row("rope: rope theta", R"({"rope": true})", "rope_theta", true);
        row("self-attention: no kv heads", R"({})", "num_kv_heads", false);
        row("multihead: kv heads", R"({"variant": "multihead"})", "num_kv_heads", true);
        row("wrapper, kv heads refused: fixable",
            R"({"variant": "multihead-wrapper", "num_heads": 2, "num_kv_heads": 1})",
            "num_kv_heads", true);
        row("standard kernel: no blocks", R"({})", "block_q", false);
        row("flash: blocks", R"({"kernel": "flash"})", "block_k", true);
    }

    void onlyApplicableControlsAreEnabled()
    {
        QFETCH(QByteArray, session);
        QFETCH(QString, key);
        QFETCH(bool, enabled);
        SessionDocument document;
        ControlPanel panel(&document);
        document.setSession(sessionFrom(session));
        QCOMPARE(panel.controlFor(key)->isEnabled(), enabled);
        // A greyed-out control says why in its tooltip ("Number of heads" did not).
        if (key != QLatin1StringView("inputs"))
            QCOMPARE(panel.controlFor(key)->toolTip().contains(QStringLiteral("Greyed out:")),
                     !enabled);
    }

    void continuingTheStreamDisablesTheSeed()
    {
        SessionDocument document;
        document.setSession(sessionFrom(R"({"training": true, "dropout": 0.5})"));
        ControlPanel panel(&document);
        auto* seed = panel.findChild<SeedSpinBox*>(QStringLiteral("dropout_seed_value"));
        QVERIFY(!seed->isEnabled());
        panel.findChild<QAbstractButton*>(QStringLiteral("dropout_seed_continue"))->click();
        QVERIFY(seed->isEnabled());
        QCOMPARE(document.session().dropoutSeed, std::optional<std::uint64_t>(0));
    }
};

QTEST_MAIN(TestControlPanel)
#include "tst_controlpanel.moc"
