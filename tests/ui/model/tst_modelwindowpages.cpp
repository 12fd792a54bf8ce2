// Which pages a model session's window offers and what they hold: every page within one click
// at a projector's size, the RoPE page only for a layer that rotates its queries (from the first
// result on, in the buttons a user clicks), and no forward kept by a page that is not on screen.
#include "FigurePage.h"
#include "MainWindow.h"
#include "ModelRun.h"
#include "ModelWindowFixtures.h"
#include "PageBar.h"
#include "SessionDocument.h"
#include "Tokenizer.h"
#include "Trace.h"
#include "TraceTokens.h"

#include <QAbstractButton>
#include <QTabWidget>
#include <QTest>

using namespace ae;
using namespace ae::test;

class TestModelWindowPages : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
    }

    // A Llama-family model rotates its queries and keys: its layer has the RoPE page (the
    // forward's own rotated queries), which GPT-2's layer, adding learned positions, has not;
    // the Tokens page names the model's tokenizer.json.
    void ropePageFollowsTheModel()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(waitForTrace(window));
        const auto ropeTab = [&] {
            for (int i = 0; i < window.pages()->count(); ++i)
                if (auto* page = dynamic_cast<FigurePage*>(window.pages()->widget(i));
                    page && page->pageId() == QLatin1StringView("rope"))
                    return i;
            return -1;
        };
        QVERIFY(ropeTab() >= 0);
        Session llama;
        llama.model = fixturePath(QStringLiteral("llama/mistral_window")).toStdString();
        llama.sentence = "The cat sat.";
        window.document()->setSession(llama);
        const auto trace = waitForTrace(window);
        QVERIFY(trace);
        QVERIFY(trace->session.rope);
        QVERIFY(window.pages()->isTabVisible(ropeTab()));
        QCOMPARE(traceTokenizer(*trace).id(), std::string_view("tokenizer.json"));
        QCOMPARE(trace->tokens.front(), std::string("<|begin_of_text|>"));
        QVERIFY(!window.pageBar()->button(ropeTab())->isHidden());
        Session gpt2 = modelSession(QStringLiteral("f32_prefix"));
        window.document()->setSession(gpt2);
        QVERIFY(waitForTrace(window));
        QVERIFY(!window.pages()->isTabVisible(ropeTab()));
        QVERIFY(window.pageBar()->button(ropeTab())->isHidden()); // what the user clicks
        // Typing recomputes: the tab stays hidden while the new result is on its way, and after.
        gpt2.sentence += ",5"; // GPT-2 tokens 11 20: within the fixture's vocabulary
        window.document()->setSession(gpt2);
        QVERIFY(!window.pages()->isTabVisible(ropeTab()));
        QVERIFY(waitForTrace(window));
        QVERIFY(!window.pages()->isTabVisible(ropeTab()));
        QVERIFY(window.pageBar()->button(ropeTab())->isHidden());
    }

    // A window that starts on a GPT-2 session (the command line's --model) has no RoPE button:
    // its first result, not only a later one, decides (the button row kept it).
    void startsOnAModelWithoutRope()
    {
        MainWindow window;
        window.document()->setSession(modelSession(QStringLiteral("f32_prefix")));
        window.resize(1280, 720);
        window.show();
        QVERIFY(waitForTrace(window));
        for (int i = 0; i < window.pages()->count(); ++i)
            if (auto* page = dynamic_cast<FigurePage*>(window.pages()->widget(i));
                page && page->pageId() == QLatin1StringView("rope")) {
                QVERIFY(!window.pages()->isTabVisible(i));
                QVERIFY(window.pageBar()->button(i)->isHidden());
                return;
            }
        QFAIL("no RoPE page");
    }

    // Every page is one click away with its whole title at a projector's 1280 x 720, beside
    // the docks, for the random module's eight pages and a model's nine (a tab bar hid three
    // behind scroll arrows that stayed greyed out).
    void everyPageWithinReach_data()
    {
        QTest::addColumn<bool>("model");
        QTest::addColumn<QSize>("size");
        QTest::newRow("random module 1280x720") << false << QSize(1280, 720);
        QTest::newRow("model 1280x720") << true << QSize(1280, 720);
        QTest::newRow("model 1024x768") << true << QSize(1024, 768);
    }

    void everyPageWithinReach()
    {
        QFETCH(bool, model);
        QFETCH(QSize, size);
        MainWindow window;
        window.setGeometry(QRect(QPoint(0, 0), size));
        window.show();
        QVERIFY(waitForTrace(window));
        if (model) {
            window.document()->setSession(modelSession(QStringLiteral("f32_prefix")));
            QVERIFY(waitForTrace(window));
        }
        QTRY_COMPARE(window.size(), size);
        QCoreApplication::processEvents();
        QTabWidget* pages = window.pages();
        const QRect central(window.centralWidget()->mapTo(&window, QPoint(0, 0)),
                            window.centralWidget()->size());
        int visible = 0;
        for (int i = 0; i < pages->count(); ++i) {
            if (!pages->isTabVisible(i))
                continue;
            ++visible;
            QAbstractButton* button = window.pageBar()->button(i);
            QVERIFY(button && button->isVisible());
            const QRect rect(button->mapTo(&window, QPoint(0, 0)), button->size());
            QVERIFY2(central.contains(rect), qPrintable(pages->tabText(i)));
            QVERIFY2(button->width() >= button->sizeHint().width(),
                     qPrintable(pages->tabText(i))); // the whole title
            QTest::mouseClick(button, Qt::LeftButton);
            QCOMPARE(pages->currentIndex(), i);
        }
        // The random module: tokens, embeddings, Q/K/V, RoPE, scores, weights, dropout, context,
        // heads, flash; a model: its tokens, model view, Q/K/V, scores, weights, context, heads,
        // head view, next token, head roles, ablation, generate.
        QCOMPARE(visible, model ? 12 : 10);
        // The pages start under the bar, not over it.
        const QRect bar(window.pageBar()->mapTo(&window, QPoint(0, 0)), window.pageBar()->size());
        QVERIFY(bar.bottom() < pages->mapTo(&window, QPoint(0, 0)).y() + 1);
    }

    // A forward is held by the pages on screen only: once every page has shown it and a new
    // one arrived while another page was in front, nothing keeps the old one (its traces
    // are a few hundred MB at 1,024 tokens; issue 28's memory goal).
    void hiddenPagesLetGoOfTheForward()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(waitForTrace(window));
        Session session = modelSession(QStringLiteral("f16_plain"));
        window.document()->setSession(session);
        QVERIFY(waitForTrace(window));
        const std::weak_ptr<const ModelRun> old = window.modelRun();
        QVERIFY(!old.expired());
        for (int i = 0; i < window.pages()->count(); ++i)
            if (window.pages()->isTabVisible(i)) {
                window.pages()->setCurrentIndex(i);
                QTest::qWait(50); // each page's own jobs (thumbnails, detection) start
            }
        QVERIFY(window.showPage(QStringLiteral("tokens")));
        session.sentence += ",5"; // GPT-2 tokens 11 20: within the fixture's vocabulary
        window.document()->setSession(session);
        QVERIFY(waitForTrace(window));
        QVERIFY(window.modelRun() != old.lock());
        QTRY_VERIFY_WITH_TIMEOUT(old.expired(), 20000);
    }
};

QTEST_MAIN(TestModelWindowPages)
#include "tst_modelwindowpages.moc"
