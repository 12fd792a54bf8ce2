// The assembled window, offscreen: it opens on the article's session with every page
// filled, a control change recomputes and repaints the pages with the new trace, and a
// refused session keeps the last trace on screen with the engine's message.
#include "ComputeService.h"
#include "FigurePage.h"
#include "FigureWidget.h"
#include "HeadTensors.h"
#include "HeatmapWidget.h"
#include "MainWindow.h"
#include "PresentationMode.h"
#include "SessionDocument.h"
#include "Trace.h"
#include "TrainingForm.h"
#include "TrainingWindow.h"
#include "UserGuideDialog.h"
#include "WalkthroughPanel.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace ae;

namespace {

std::shared_ptr<const Trace> waitForTrace(MainWindow& window)
{
    QSignalSpy spy(&window, &MainWindow::traceShown);
    // Generous: the gpt2-small sample takes ~9 s under ASan + UBSan (scripts/test-sanitizers)
    // on a loaded 2-core machine; the wait ends as soon as the trace is shown.
    if (!spy.wait(60000))
        return nullptr;
    return spy.takeLast().at(0).value<std::shared_ptr<const Trace>>();
}

// Shows the page (pages not on screen are rebuilt only when shown) and returns it.
FigurePage* page(MainWindow& window, const QString& id)
{
    window.showPage(id);
    for (int i = 0; i < window.pages()->count(); ++i)
        if (auto* p = qobject_cast<FigurePage*>(window.pages()->widget(i));
            p && p->definition().id == id) {
            // A large trace's figures are built in the background.
            return QTest::qWaitFor([p] { return !p->isUpdatePending(); }, 60000) ? p : nullptr;
        }
    return nullptr;
}

HeatmapWidget* firstHeatmap(FigurePage* page)
{
    const auto figures = page->findChildren<FigureWidget*>();
    for (FigureWidget* figure : figures)
        if (figure->isVisibleTo(page) && figure->panelCount() > 0)
            return figure->panel(0);
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
    }

    // No saved geometry or dock layout: the window fits the screen's available area and opens
    // on the tokens, the walkthrough in front at its step 1 (it opened on step 6 of 12).
    void firstLaunch()
    {
        QSettings().remove(QStringLiteral("window"));
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect available = window.screen()->availableGeometry();
        QVERIFY2(window.width() <= available.width() && window.height() <= available.height(),
                 qPrintable(QStringLiteral("%1x%2 on %3x%4")
                                .arg(window.width())
                                .arg(window.height())
                                .arg(available.width())
                                .arg(available.height())));
        QCOMPARE(window.pages()->currentIndex(), 0);
        QVERIFY(window.walkthrough()->isVisible());
        const WalkthroughPanel* walkthrough = window.walkthrough();
        QCOMPARE(walkthrough->step(), 0);
        QCOMPARE(walkthrough->steps()[std::size_t(walkthrough->step())].pageId,
                 QStringLiteral("tokens"));
        // Shown already, or soon (the checks above let events through).
        QTRY_VERIFY_WITH_TIMEOUT(window.trace() != nullptr, 60000);
        QSettings().remove(QStringLiteral("window")); // the next test starts fresh too
    }

    void opensOnTheArticleWithEveryPageFilled()
    {
        MainWindow window;
        window.show();
        const auto trace = waitForTrace(window);
        QVERIFY(trace);
        QCOMPARE(trace->tokens.size(), std::size_t(6));
        for (const char* id : {"embeddings", "projections", "scores", "weights", "context"}) {
            FigurePage* p = page(window, QLatin1StringView(id));
            QVERIFY2(p, id);
            QVERIFY2(!p->currentFigures().empty(), id);
        }
        // The weights page shows the trace's current weights (derived once, shared with every
        // holder), not a copy of something older.
        HeatmapWidget* weights = firstHeatmap(page(window, QStringLiteral("weights")));
        QVERIFY(weights);
        QCOMPARE(weights->spec().matrix.get(),
                 headTensor(*trace, 0, HeadTensor::Weights).get()); // the view's own, shared
    }

    // Help > User Guide (F1) opens the guide shipped inside the program, in the interface's
    // language; it lists every keyboard shortcut the window has.
    void userGuideListsEveryShortcut()
    {
        MainWindow window;
        QAction* guide = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->shortcut() == QKeySequence(QKeySequence::HelpContents))
                guide = action;
        QVERIFY(guide);
        QVERIFY(window.actions().contains(guide)); // F1 also without the menu bar
        UserGuideDialog dialog(&window);
        const QString text = dialog.browser()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Presentation mode")), qPrintable(text.left(200)));
        QStringList missing;
        for (const QAction* action : window.findChildren<QAction*>())
            for (const QKeySequence& keys : action->shortcuts()) {
                QString shown = keys.toString(QKeySequence::PortableText);
                shown.replace(QStringLiteral("PgDown"), QStringLiteral("Page Down"))
                    .replace(QStringLiteral("PgUp"), QStringLiteral("Page Up"));
                if (!shown.isEmpty() && !text.contains(shown))
                    missing << shown;
            }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
        QVERIFY(UserGuideDialog::guidePath(QStringLiteral("zh_CN"))
                    .endsWith(QStringLiteral("guide_zh_CN.html")));
        QVERIFY(QFile::exists(UserGuideDialog::guidePath(QStringLiteral("zh_CN"))));
        QCOMPARE(UserGuideDialog::guidePath(QStringLiteral("xx")),
                 QStringLiteral(":/guide/guide.html"));
    }

    // The status bar in words a student reads (it said "self-attention: T = 6, S = 6,
    // d_in = 3, 1 head(s)").
    void statusBarSaysWhatWasComputed()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        QString status;
        for (const QLabel* label : window.statusBar()->findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("computed in")))
                status = label->text();
        QVERIFY2(status.startsWith(QStringLiteral(
                     "Self-attention · 6 tokens of 3 numbers each · 1 head · computed in ")),
                 qPrintable(status));
    }

    void controlChangeRepaintsWithTheNewTrace()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->edit([](Session& s) {
            s.variant = Variant::MultiHeadWrapper;
            s.numHeads = 3;
            s.causal = true;
        });
        const auto trace = waitForTrace(window);
        QVERIFY(trace);
        QCOMPARE(trace->heads.size(), std::size_t(3));
        FigurePage* heads = page(window, QStringLiteral("heads"));
        QCOMPARE(heads->currentFigures().size(), std::size_t(1));
        QCOMPARE(heads->currentFigures().front().panels.size(), std::size_t(3));
        FigurePage* scores = page(window, QStringLiteral("scores"));
        QCOMPARE(scores->currentFigures().size(), std::size_t(4)); // ω, ω/√d_k, mask, masked
    }

    void everySampleOpens_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList names =
            QDir(QStringLiteral(":/samples")).entryList({QStringLiteral("*.json")});
        QVERIFY(names.size() >= 5);
        for (const QString& name : names)
            QTest::newRow(qPrintable(name)) << QStringLiteral(":/samples/") + name;
    }

    void everySampleOpens()
    {
        QFETCH(QString, path);
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.openSample(path);
        const auto trace = waitForTrace(window);
        QVERIFY2(trace, qPrintable(path));
        QVERIFY(!trace->session.title.empty());
        QVERIFY(window.document()->filePath().isEmpty()); // never saved back into the resources
        QVERIFY(!page(window, QStringLiteral("weights"))->currentFigures().empty());
    }

    void presentationMode()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.setPresentationMode(true);
        QVERIFY(window.isPresentationMode());
        QVERIFY(window.isFullScreen());
        // Readable at the back of a hall: the size for this screen (24 pt at 1080 lines).
        QCOMPARE(window.centralWidget()->font().pointSizeF(),
                 PresentationMode::pointSizeFor(window.height()));
        QVERIFY(window.centralWidget()->font().pointSizeF() > QApplication::font().pointSizeF());
        QVERIFY(!window.menuBar()->isVisible());
        // A presentation clicker sends PageDown / PageUp: they step the walkthrough.
        const int step = window.walkthrough()->step();
        QTest::keyClick(&window, Qt::Key_PageDown);
        QTRY_COMPARE(window.walkthrough()->step(), step + 1);
        QTest::keyClick(&window, Qt::Key_PageUp);
        QTRY_COMPARE(window.walkthrough()->step(), step);
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!window.isPresentationMode());
        QVERIFY(window.menuBar()->isVisible());
    }

    void walkthroughStepChangesTheSessionAndThePage()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.walkthrough()->setStep(7); // the causal mask
        const auto trace = waitForTrace(window);
        QVERIFY(trace);
        QVERIFY(trace->session.causal);
        QVERIFY(window.pages()->currentWidget() != nullptr);
    }

    // The walkthrough's last step offers the training lab, on its induction sample.
    void lastStepOpensTheTrainingLab()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        const int last = int(window.walkthrough()->steps().size()) - 1;
        window.walkthrough()->setStep(last);
        QPushButton* open = nullptr;
        for (QPushButton* button : window.walkthrough()->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Open the Training Lab"))
                open = button;
        QVERIFY(open && open->isVisibleTo(window.walkthrough()));
        QVERIFY(!window.trainingLab());
        open->click();
        QVERIFY(window.trainingLab() && window.trainingLab()->isVisible());
        const TrainingConfig config = window.trainingLab()->form()->config();
        QCOMPARE(config.task, TrainingConfig::TaskKind::Induction);
        QVERIFY(!config.mlp); // the sample's attention-only model, not the defaults
        QCOMPARE(config.steps, 1000);
        window.walkthrough()->setStep(0);
        QVERIFY(!open->isVisibleTo(window.walkthrough()));
    }

    void deckHasOnePagePerStep()
    {
        MainWindow window;
        QVERIFY(waitForTrace(window));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deck.pdf"));
        QCOMPARE(window.exportDeck(path, false), QString());
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QCOMPARE(bytes.count("/Type /Page\n") + bytes.count("/Type /Page\r") +
                     bytes.count("/Type /Page "),
                 17); // the seeds' twelve steps, four on today's attention, the training lab
    }

    void refusedSessionKeepsTheLastTrace()
    {
        MainWindow window;
        window.show();
        const auto before = waitForTrace(window);
        QVERIFY(before);
        QSignalSpy refused(window.computeService(), &ComputeService::sessionRefused);
        window.document()->edit([](Session& s) { s.qkvBias = true; }); // needs init "linear"
        QVERIFY(refused.wait(10000));
        QCOMPARE(window.trace(), before);
        bool messageShown = false;
        for (QLabel* label : window.findChildren<QLabel*>())
            messageShown |=
                label->isVisible() && label->text().contains(QStringLiteral("qkv_bias needs init"));
        QVERIFY(messageShown);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
