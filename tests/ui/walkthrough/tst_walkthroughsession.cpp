// The walkthrough in the window, offscreen: steps never take or block the user's work (their
// session, file and unsaved state come back on leaving, with no question, even after a
// sample's step); the step agrees with the page (--page, tabs) and with the session (a
// sample the user opens ends a sample's step and its "still computing" note); a language
// switch keeps the step; the text names the chosen query and wraps in a narrow dock.
#include "FigureWidget.h"
#include "MainWindow.h"
#include "PresentationStage.h"
#include "RecentFiles.h"
#include "SessionDocument.h"
#include "SessionFile.h"
#include "SessionJson.h"
#include "Trace.h"
#include "Translations.h"
#include "WalkthroughFixtures.h"
#include "WalkthroughPanel.h"
#include "WindowHost.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

using namespace ae;
using namespace ae::test;

namespace {

std::shared_ptr<const Trace> waitForTrace(MainWindow& window)
{
    QSignalSpy spy(&window, &MainWindow::traceShown);
    if (!spy.wait(60000))
        return nullptr;
    return spy.takeLast().at(0).value<std::shared_ptr<const Trace>>();
}

QString stepId(const MainWindow& window)
{
    const WalkthroughPanel* panel = window.walkthrough();
    return panel->steps()[std::size_t(panel->step())].id;
}

// Counts (and closes) any modal window that appears while it lives.
class ModalWatch
{
public:
    ModalWatch()
    {
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            if (QWidget* modal = QApplication::activeModalWidget()) {
                ++m_seen;
                modal->close();
            }
        });
        m_timer.start(20);
    }
    int seen() const { return m_seen; }

private:
    QTimer m_timer;
    int m_seen = 0;
};

// The user's own work: three causal heads with dropout, unsaved.
void userEdit(Session& s)
{
    s.variant = Variant::MultiHeadWrapper;
    s.numHeads = 3;
    s.causal = true;
    s.dropout = 0.2;
    s.training = true;
    s.sentence = "my own words are here";
}

} // namespace

class TestWalkthroughSession : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
        QVERIFY(Translations::install(QStringLiteral("en")));
    }

    void leavingGivesTheUserSessionBack()
    {
        ModalWatch modals;
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->edit(userEdit);
        QVERIFY(waitForTrace(window));
        const QByteArray mine = sessionToJson(window.document()->session());

        window.walkthrough()->setStep(stepIndex(QStringLiteral("simplified")));
        auto trace = waitForTrace(window);
        QVERIFY(trace);
        QCOMPARE(trace->session.variant, Variant::Simplified);
        QVERIFY(window.isWalkthroughHoldingSession());
        QVERIFY(!window.document()->isModified()); // a step's session never asks to be saved

        window.walkthrough()->setStep(
            stepIndex(QStringLiteral("cross-attention"))); // opens a sample
        trace = waitForTrace(window);
        QVERIFY(trace && trace->session.isCross());
        QCOMPARE(modals.seen(), 0); // no Save / Discard / Cancel mid-lesson

        window.leaveWalkthrough();
        QVERIFY(!window.isWalkthroughHoldingSession());
        QCOMPARE(sessionToJson(window.document()->session()), mine);
        QVERIFY(window.document()->isModified());
        trace = waitForTrace(window);
        QVERIFY(trace);
        QCOMPARE(trace->session.numHeads, 3);
        QCOMPARE(modals.seen(), 0);
        window.document()->setSession(Session{}); // unmodified: closes without asking
    }

    // "Back to My Session" from a step whose page has nothing for the user's session (every
    // head of a one-head session): back on the page the user left for the steps, with its
    // step, and presentation mode shows that page's figure (it showed an empty Heads page).
    void givingBackReturnsToTheUsersPage()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        QVERIFY(window.showPage(QStringLiteral("scores")));
        window.walkthrough()->setStep(stepIndex(QStringLiteral("multi-head")));
        auto trace = waitForTrace(window);
        QVERIFY(trace && trace->heads.size() >= 2);
        QCOMPARE(window.walkthrough()->steps()[std::size_t(window.walkthrough()->step())].pageId,
                 QStringLiteral("heads"));
        auto* giveBack = window.walkthrough()->findChild<QPushButton*>(QStringLiteral("giveBack"));
        QVERIFY(giveBack && giveBack->isVisible());
        giveBack->click();
        QVERIFY(!window.isWalkthroughHoldingSession());
        QCOMPARE(stepId(window), QStringLiteral("scores"));
        trace = waitForTrace(window);
        QVERIFY(trace && trace->heads.size() == 1);
        window.setPresentationMode(true);
        QVERIFY(window.presentationStage()->isVisible());
        QVERIFY(window.presentationStage()->figureWidget()->panelCount() >= 1);
        window.setPresentationMode(false);
    }

    // Open Recent while a step holds the user's unsaved work: the work is given back first,
    // and the unsaved-changes question is about it (here cancelled: nothing is opened).
    void openRecentAsksAboutTheUserSession()
    {
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.json"));
        QVERIFY(SessionFile::save(other, Session{}).isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->edit(userEdit);
        QVERIFY(waitForTrace(window));
        const QByteArray mine = sessionToJson(window.document()->session());
        window.walkthrough()->setStep(stepIndex(QStringLiteral("simplified")));
        QVERIFY(waitForTrace(window));
        QVERIFY(window.isWalkthroughHoldingSession());

        ModalWatch modals; // closes the question: Cancel
        RecentFiles* recent = window.findChild<RecentFiles*>();
        QVERIFY(recent);
        Q_EMIT recent->openRequested(other);
        QVERIFY(!window.isWalkthroughHoldingSession());
        QCOMPARE(sessionToJson(window.document()->session()), mine);
        QVERIFY(window.document()->isModified());
        QCOMPARE(modals.seen(), 1);
        window.document()->setSession(Session{}); // unmodified: closes without asking
    }

    void pageAndStepAgree_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<bool>("causal");
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("step");
        const QString article = QStringLiteral("article.json");
        QTest::newRow("causal weights")
            << article << true << QStringLiteral("weights") << QStringLiteral("causal-mask");
        QTest::newRow("plain weights")
            << article << false << QStringLiteral("weights") << QStringLiteral("scaling");
        QTest::newRow("scores") << article << false << QStringLiteral("scores")
                                << QStringLiteral("scores");
        QTest::newRow("tokens") << article << true << QStringLiteral("tokens")
                                << QStringLiteral("tokens");
        QTest::newRow("heads of one head")
            << article << false << QStringLiteral("heads") << QStringLiteral("multi-head");
        // No step shows these sessions exactly: the nearest one (it was "simplified", whose
        // text speaks of no trainable weights and no mask).
        QTest::newRow("book multi-head causal weights")
            << QStringLiteral("book-multihead.json") << true << QStringLiteral("weights")
            << QStringLiteral("causal-mask");
        QTest::newRow("causal cross-attention weights")
            << QStringLiteral("german-english-cross.json") << true << QStringLiteral("weights")
            << QStringLiteral("causal-mask");
    }

    // As `--page <page> --present` starts it, and as a tab click changes it.
    void pageAndStepAgree()
    {
        QFETCH(QString, sample);
        QFETCH(bool, causal);
        QFETCH(QString, page);
        QFETCH(QString, step);
        WindowHost host;
        WindowHost::Start start;
        start.sessionPath = QStringLiteral(":/samples/") + sample;
        start.overrides = {{QStringLiteral("causal"), causal}};
        start.page = page;
        start.present = true;
        host.show(start);
        QCOMPARE(stepId(*host.window()), step);
        QVERIFY(waitForTrace(*host.window()));
        QCOMPARE(stepId(*host.window()), step);
        QVERIFY(!host.window()->isWalkthroughHoldingSession()); // showing a page changes no session
        host.window()->setPresentationMode(false);
        host.window()->showPage(QStringLiteral("dropout"));
        QCOMPARE(stepId(*host.window()), QStringLiteral("dropout"));
    }

    void openingASampleEndsTheSampleStep()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.walkthrough()->setStep(stepIndex(QStringLiteral("cross-attention")));
        QVERIFY(waitForTrace(window));
        QVERIFY(!window.walkthrough()->isPendingNoteShown());
        // File > Open Sample, as the menu does it.
        window.leaveWalkthrough();
        window.openSample(QStringLiteral(":/samples/book-journey.json"));
        const auto trace = waitForTrace(window);
        QVERIFY(trace);
        QVERIFY(trace->session.sentence.find("journey") != std::string::npos);
        QVERIFY(stepId(window) != QStringLiteral("cross-attention"));
        QVERIFY(!window.walkthrough()->isPendingNoteShown());
        QVERIFY(!window.walkthrough()->explanationText().contains(QStringLiteral("German")));
    }

    void languageSwitchKeepsTheStep()
    {
        WindowHost host;
        host.show({});
        QVERIFY(waitForTrace(*host.window()));
        host.window()->document()->edit(userEdit);
        QVERIFY(waitForTrace(*host.window()));
        const QByteArray mine = sessionToJson(host.window()->document()->session());
        const int dropout = stepIndex(QStringLiteral("dropout"));
        host.window()->walkthrough()->setQuery(3);
        host.window()->walkthrough()->setStep(dropout);
        QVERIFY(waitForTrace(*host.window()));

        host.switchLanguage(QStringLiteral("zh_CN"));
        MainWindow* chinese = host.window();
        QCOMPARE(chinese->walkthrough()->step(), dropout);
        QCOMPARE(chinese->walkthrough()->query(), 3);
        QVERIFY(chinese->isWalkthroughHoldingSession());
        QVERIFY(waitForTrace(*chinese));
        QCOMPARE(chinese->walkthrough()->step(), dropout);
        chinese->leaveWalkthrough();
        QCOMPARE(sessionToJson(chinese->document()->session()), mine);
        QVERIFY(QTest::qWaitFor(
            [&] { return chinese->trace() && chinese->trace()->session.numHeads == 3; }, 60000));
        QVERIFY(Translations::install(QStringLiteral("en")));
        chinese->document()->setSession(Session{});
    }

    void explanationNamesTheQuery()
    {
        WalkthroughPanel panel;
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        panel.setStep(stepIndex(QStringLiteral("scores")));
        QVERIFY(panel.explanationText().contains(QStringLiteral("q(2)")));
        panel.setQuery(3);
        QVERIFY2(panel.explanationText().contains(QStringLiteral("x(4)")),
                 qPrintable(panel.explanationText()));
        QVERIFY(panel.explanationText().contains(QStringLiteral("q(4)")));
        QVERIFY(panel.formulaText().contains(QStringLiteral("q₄")));
    }

    void textWraps_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("step");
        QTest::addColumn<double>("points");
        for (const char* language : {"en", "zh_CN"})
            for (const char* step : {"scaling", "causal-mask", "context", "multi-head"})
                for (const double points : {0.0, 16.0, 24.0})
                    QTest::addRow("%s %s %gpt", language, step, points)
                        << QString::fromLatin1(language) << QString::fromLatin1(step) << points;
    }

    // Nothing reaches past the right edge of a narrow dock (the text wraps instead).
    void textWraps()
    {
        QFETCH(QString, language);
        QFETCH(QString, step);
        QFETCH(double, points);
        QVERIFY(Translations::install(language));
        {
            WalkthroughPanel panel;
            panel.setPresentationFont(points);
            // The step's own session (the causal mask's formulas are the longest).
            panel.setTrace(stepTrace(panel.steps()[std::size_t(stepIndex(step))],
                                     sampleSession(QStringLiteral("article.json"))));
            panel.setStep(stepIndex(step));
            panel.resize(points >= 24 ? 500 : 300, 700);
            panel.show();
            QVERIFY(QTest::qWaitForWindowExposed(&panel));
            QCoreApplication::sendPostedEvents();
            auto* scroll = panel.findChild<QScrollArea*>();
            QVERIFY(scroll);
            const int right = scroll->viewport()->width();
            QVERIFY2(scroll->widget()->width() <= right,
                     qPrintable(QStringLiteral("content %1 > viewport %2")
                                    .arg(scroll->widget()->width())
                                    .arg(right)));
            for (const QWidget* child : scroll->widget()->findChildren<QWidget*>()) {
                if (!child->isVisibleTo(&panel))
                    continue;
                const int edge = child->mapTo(scroll->viewport(), QPoint(child->width(), 0)).x();
                const auto* label = qobject_cast<const QLabel*>(child);
                QVERIFY2(edge <= right,
                         qPrintable(QStringLiteral("%1 %2 ends at %3 > %4: %5")
                                        .arg(QString::fromLatin1(child->metaObject()->className()),
                                             child->objectName())
                                        .arg(edge)
                                        .arg(right)
                                        .arg(label ? label->text().left(200) : QString())));
            }
            QVERIFY(panel.minimumSizeHint().width() <= panel.width());
        }
        QVERIFY(Translations::install(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestWalkthroughSession)
#include "tst_walkthroughsession.moc"
