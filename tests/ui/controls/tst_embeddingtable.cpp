// The manual-embedding table: the model behaves as Qt's views expect, an edited cell goes
// to the document, the rows follow the sentence's tokens, blocks of numbers paste from the
// clipboard, text that is not a finite number is refused everywhere without changing
// anything, and a torch session's table follows its traces.
#include "ControlPanel.h"
#include "EmbeddingTableModel.h"
#include "Engine.h"
#include "FiniteNumberValidator.h"
#include "IssueLabel.h"
#include "ManualEmbeddingEditor.h"
#include "NumberDelegate.h"
#include "NumberText.h"
#include "SessionDiff.h"
#include "SessionDocument.h"
#include "Trace.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QGuiApplication>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <functional>
#include <limits>

using namespace ae;
using test::changedKeys;
using test::sessionFrom;

namespace {

const QByteArray Manual = R"({"embedding": "manual", "sentence": "Your journey starts", "d_in": 3,
    "inputs": [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64]]})";

Matrix matrix(std::initializer_list<std::initializer_list<float>> rows)
{
    Matrix m(Eigen::Index(rows.size()), Eigen::Index(rows.begin()->size()));
    Eigen::Index i = 0;
    for (const auto& row : rows) {
        Eigen::Index j = 0;
        for (const float value : row)
            m(i, j++) = value;
        ++i;
    }
    return m;
}

} // namespace

class TestEmbeddingTable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void modelPassesTheModelTester()
    {
        EmbeddingTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setContents({"a", "b"}, matrix({{1, 2}, {3, 4}}), true);
        model.setContents({"a", "b", "c"}, matrix({{1, 2}, {3, 4}, {5, 6}}), true); // a row more
        model.setContents({"a"}, matrix({{1, 2}}), true);                           // rows fewer
        model.setContents({"a"}, matrix({{1, 2, 3}}), false);                       // a column more
        model.setContents({}, Matrix(), false);                                     // empty
        model.setContents({"x", "y"}, matrix({{7, 8}, {9, 10}}), true);
        QVERIFY(model.setData(model.index(1, 0), QStringLiteral("2.5")));
        QCOMPARE(model.values()(1, 0), 2.5f);
        QCOMPARE(model.headerData(0, Qt::Vertical).toString(), QStringLiteral("x"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("1"));
        QCOMPARE(model.data(model.index(0, 1)).toString(), QStringLiteral("8"));
    }

    void refusedValuesChangeNothing_data()
    {
        QTest::addColumn<QVariant>("value");
        QTest::newRow("letters") << QVariant(QStringLiteral("abc"));
        QTest::newRow("empty") << QVariant(QString());
        QTest::newRow("nan text") << QVariant(QStringLiteral("nan"));
        QTest::newRow("inf text") << QVariant(QStringLiteral("-inf"));
        QTest::newRow("beyond float") << QVariant(QStringLiteral("1e39"));
        QTest::newRow("decimal comma") << QVariant(QStringLiteral("1,5"));
        QTest::newRow("number and text") << QVariant(QStringLiteral("1.5x"));
        QTest::newRow("NaN") << QVariant(std::numeric_limits<double>::quiet_NaN());
        QTest::newRow("infinity") << QVariant(std::numeric_limits<double>::infinity());
    }

    void refusedValuesChangeNothing()
    {
        QFETCH(QVariant, value);
        SessionDocument document;
        document.setSession(sessionFrom(Manual));
        ManualEmbeddingEditor editor(&document);
        editor.setSession(document.session());
        EmbeddingTableModel* model = editor.inputsModel();

        QVERIFY(!model->setData(model->index(1, 1), value));

        QCOMPARE(model->values()(1, 1), 0.87f);
        QVERIFY(!document.isModified());
    }

    void validatorRefusesWhileTyping_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("state");
        QTest::newRow("number") << QStringLiteral("-1.25e-3") << int(QValidator::Acceptable);
        QTest::newRow("plus sign") << QStringLiteral("+3") << int(QValidator::Acceptable);
        QTest::newRow("on the way: minus") << QStringLiteral("-") << int(QValidator::Intermediate);
        QTest::newRow("on the way: exponent")
            << QStringLiteral("2e") << int(QValidator::Intermediate);
        QTest::newRow("too large for a float")
            << QStringLiteral("1e39") << int(QValidator::Intermediate);
        QTest::newRow("letters") << QStringLiteral("abc") << int(QValidator::Invalid);
        QTest::newRow("nan") << QStringLiteral("nan") << int(QValidator::Invalid);
        QTest::newRow("inf") << QStringLiteral("inf") << int(QValidator::Invalid);
    }

    void validatorRefusesWhileTyping()
    {
        QFETCH(QString, text);
        QFETCH(int, state);
        FiniteNumberValidator validator;
        int position = int(text.size());
        QCOMPARE(int(validator.validate(text, position)), state);
    }

    // Through the delegate, as a user edits: letters cannot be typed, and an unfinished
    // entry leaves the value as it was.
    void delegateKeepsTheValueOfRefusedText()
    {
        EmbeddingTableModel model;
        model.setContents({"a"}, matrix({{1.5f}}), true);
        NumberDelegate delegate;
        QWidget parent;
        const QModelIndex cell = model.index(0, 0);
        std::unique_ptr<QWidget> editor(
            delegate.createEditor(&parent, QStyleOptionViewItem(), cell));
        auto* lineEdit = qobject_cast<QLineEdit*>(editor.get());
        QVERIFY(lineEdit);
        delegate.setEditorData(lineEdit, cell);
        QCOMPARE(lineEdit->text(), QStringLiteral("1.5"));

        lineEdit->clear();
        QTest::keyClicks(lineEdit, QStringLiteral("nan-"));
        QCOMPARE(lineEdit->text(), QStringLiteral("-")); // the letters were refused
        delegate.setModelData(lineEdit, &model, cell);
        QCOMPARE(model.values()(0, 0), 1.5f);

        QTest::keyClicks(lineEdit, QStringLiteral("2.25"));
        delegate.setModelData(lineEdit, &model, cell);
        QCOMPARE(model.values()(0, 0), -2.25f);
    }

    void editedCellGoesToTheDocument()
    {
        SessionDocument document;
        document.setSession(sessionFrom(Manual));
        ManualEmbeddingEditor editor(&document);
        editor.setSession(document.session());
        const Session before = document.session();

        QVERIFY(editor.inputsModel()->setData(editor.inputsModel()->index(2, 1), 0.5));

        QCOMPARE(changedKeys(before, document.session()), QStringList{QStringLiteral("inputs")});
        QCOMPARE(document.session().inputs(2, 1), 0.5f);
    }

    // Typing and deleting words in the sentence adds and removes rows (new rows are zero)
    // and relabels them; the model tester watches every change.
    void rowsFollowTheTokens()
    {
        SessionDocument document;
        document.setSession(sessionFrom(Manual));
        ControlPanel panel(&document);
        auto* sentence =
            qobject_cast<QPlainTextEdit*>(panel.controlFor(QStringLiteral("sentence")));
        auto* model = qobject_cast<EmbeddingTableModel*>(
            qobject_cast<QTableView*>(panel.controlFor(QStringLiteral("inputs")))->model());
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);

        sentence->moveCursor(QTextCursor::End);
        QTest::keyClicks(sentence, QStringLiteral(" with one"));
        QCOMPARE(model->rowCount(), 5);
        QCOMPARE(model->headerData(4, Qt::Vertical).toString(), QStringLiteral("one"));
        QVERIFY(model->values().row(4).isZero(0));
        QCOMPARE(model->values()(0, 2), 0.89f);

        for (int i = 0; i < 9; ++i)
            QTest::keyClick(sentence, Qt::Key_Backspace);
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(document.session().inputs.rows(), Eigen::Index(3));
        QCOMPARE(model->headerData(2, Qt::Vertical).toString(), QStringLiteral("starts"));
    }

    void pasteABlock_data()
    {
        QTest::addColumn<QString>("clipboard");
        QTest::newRow("tabs, as from a spreadsheet") << QStringLiteral("1\t2\t3\n4\t5\t6\n");
        QTest::newRow("spaces and commas") << QStringLiteral("1, 2, 3\r\n4 5 6");
        QTest::newRow("a printed tensor")
            << QStringLiteral("[[1., 2., 3.],   # Your\n [4., 5., 6.]]  # journey");
    }

    void pasteABlock()
    {
        QFETCH(QString, clipboard);
        SessionDocument document;
        document.setSession(sessionFrom(Manual));
        ManualEmbeddingEditor editor(&document);
        editor.setSession(document.session());
        QObject::connect(&document, &SessionDocument::sessionChanged, &editor,
                         &ManualEmbeddingEditor::setSession);
        editor.inputsView()->setCurrentIndex(editor.inputsModel()->index(1, 0));
        QGuiApplication::clipboard()->setText(clipboard);
        const Session before = document.session();

        editor.paste();

        QCOMPARE(changedKeys(before, document.session()), QStringList{QStringLiteral("inputs")});
        const Matrix expected = matrix({{0.43f, 0.15f, 0.89f}, {1, 2, 3}, {4, 5, 6}});
        QVERIFY(test::sameMatrix(document.session().inputs, expected));
        QVERIFY(test::sameMatrix(editor.inputsModel()->values(), expected));
    }

    void refusedPasteSaysWhy_data()
    {
        QTest::addColumn<QString>("clipboard");
        QTest::addColumn<QString>("message");
        QTest::newRow("a word") << QStringLiteral("1 2 x")
                                << QStringLiteral("\"x\" on line 1 is not a finite number");
        QTest::newRow("nan") << QStringLiteral("1 nan")
                             << QStringLiteral("\"nan\" on line 1 is not a finite number");
        QTest::newRow("ragged rows")
            << QStringLiteral("1 2\n3")
            << QStringLiteral("line 2 has 1 numbers but the first row has 2");
        QTest::newRow("nothing") << QStringLiteral(" \n ")
                                 << QStringLiteral("the clipboard holds no numbers");
        QTest::newRow("too wide") << QStringLiteral("1 2 3 4")
                                  << QStringLiteral("1 rows \u00d7 4 columns do not fit");
        QTest::newRow("too tall") << QStringLiteral("1\n2\n3")
                                  << QStringLiteral(
                                         "3 rows \u00d7 1 columns do not fit from row 2");
    }

    void refusedPasteSaysWhy()
    {
        QFETCH(QString, clipboard);
        QFETCH(QString, message);
        SessionDocument document;
        document.setSession(sessionFrom(Manual));
        ManualEmbeddingEditor editor(&document);
        editor.setSession(document.session());
        editor.show();
        editor.inputsView()->setCurrentIndex(editor.inputsModel()->index(1, 0));
        QGuiApplication::clipboard()->setText(clipboard);

        editor.paste();

        QVERIFY(!document.isModified());
        auto* shown = editor.findChild<IssueLabel*>(QStringLiteral("embedding_message"));
        QVERIFY(shown->isVisible());
        QVERIFY2(shown->text().contains(message), qPrintable(shown->text()));
    }

    // A torch session's table shows each trace's inputs. A recompute that keeps the embedding
    // (another masking method: the engine's memoised tables, the same tokens) changes nothing
    // in the model, not even a signal; another positional scheme or seed shows the new inputs.
    void torchTableFollowsTheTrace()
    {
        const QByteArray torch = R"({"sentence": "Your journey starts with one step", "d_in": 4,
            "vocab_size": 20, "causal": true})";
        SessionDocument document;
        document.setSession(sessionFrom(torch));
        ManualEmbeddingEditor editor(&document);
        editor.setSession(document.session());
        const Engine engine;
        const auto traceOf = [&](const std::function<void(Session&)>& change) {
            Session session = document.session();
            change(session);
            const ComputeResult result = engine.compute(session);
            if (!result.trace)
                qFatal("session refused");
            return result.trace;
        };
        const auto first = traceOf([](Session&) {});
        editor.setTrace(first);
        EmbeddingTableModel* model = editor.inputsModel();
        QCOMPARE(model->values(), first->inputs);

        QSignalSpy changes(model, &QAbstractItemModel::dataChanged);
        const auto sameEmbedding =
            traceOf([](Session& s) { s.maskMethod = MaskMethod::Renormalize; });
        QCOMPARE(sameEmbedding->embeddingTables, first->embeddingTables);
        editor.setTrace(sameEmbedding);
        QCOMPARE(changes.count(), 0);

        const auto positions = traceOf([](Session& s) { s.positional = Positional::Sinusoidal; });
        QCOMPARE(positions->embeddingTables, first->embeddingTables); // the same token rows
        editor.setTrace(positions);
        QVERIFY(positions->inputs != first->inputs);
        QCOMPARE(model->values(), positions->inputs);

        const auto seed = traceOf([](Session& s) { s.embeddingSeed = 7; });
        editor.setTrace(seed);
        QCOMPARE(model->values(), seed->inputs);
        QVERIFY(changes.count() >= 2);
    }

    void columnButtonsChangeDIn()
    {
        SessionDocument document;
        document.setSession(sessionFrom(Manual));
        ManualEmbeddingEditor editor(&document);
        editor.setSession(document.session());
        QObject::connect(&document, &SessionDocument::sessionChanged, &editor,
                         &ManualEmbeddingEditor::setSession);

        editor.findChild<QToolButton*>(QStringLiteral("add_column"))->click();
        QCOMPARE(document.session().dIn, 4);
        QVERIFY(test::sameMatrix(document.session().inputs, matrix({{0.43f, 0.15f, 0.89f, 0},
                                                                    {0.55f, 0.87f, 0.66f, 0},
                                                                    {0.57f, 0.85f, 0.64f, 0}})));

        editor.inputsView()->setCurrentIndex(editor.inputsModel()->index(0, 0));
        editor.findChild<QToolButton*>(QStringLiteral("remove_column"))->click();
        QCOMPARE(document.session().dIn, 3);
        QVERIFY(
            test::sameMatrix(document.session().inputs,
                             matrix({{0.15f, 0.89f, 0}, {0.87f, 0.66f, 0}, {0.85f, 0.64f, 0}})));
    }

    void numberTextRoundTrips_data()
    {
        QTest::addColumn<float>("value");
        QTest::newRow("0.1") << 0.1f;
        QTest::newRow("negative") << -1.1524602f;
        QTest::newRow("tiny") << 1e-30f;
        QTest::newRow("largest") << std::numeric_limits<float>::max();
        QTest::newRow("zero") << 0.0f;
    }

    void numberTextRoundTrips()
    {
        QFETCH(float, value);
        QCOMPARE(parseFiniteNumber(numberText(value)), std::optional<float>(value));
    }
};

QTEST_MAIN(TestEmbeddingTable)
#include "tst_embeddingtable.moc"
