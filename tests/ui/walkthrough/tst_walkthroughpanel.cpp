// The walkthrough panel, offscreen: every step renders (title, explanation, formula) for
// every bundled sample; Right/PageDown/Space step forward and Left/PageUp back; the signals
// ask for the step's page, session or sample, and after a sample the steps return to the
// user's own session; the chosen query and the presentation font apply.
// AE_WALKTHROUGH_SCREENSHOTS=<dir> also writes the panel of every step and sample as PNGs.
#include "TraceTokens.h"
#include "WalkthroughFixtures.h"
#include "WalkthroughPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>

#include <map>

using namespace ae;
using namespace ae::test;

using SessionChange = std::function<void(ae::Session&)>;

namespace {

Session applied(const QSignalSpy& spy)
{
    Session session;
    spy.last().at(0).value<SessionChange>()(session);
    return session;
}

} // namespace

class TestWalkthroughPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyStepRendersForEverySample_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<int>("step");
        const QStringList samples = sampleNames();
        QVERIFY(samples.size() >= 5);
        const auto steps = WalkthroughCatalog::steps();
        for (const QString& sample : samples)
            for (std::size_t i = 0; i < steps.size(); ++i)
                QTest::addRow("%s %s", qPrintable(sample), qPrintable(steps[i].id))
                    << sample << int(i);
    }

    // The step's own session (as the app computes it), and the sample's session as it is
    // (the trace on screen while the step's session is being computed).
    void everyStepRendersForEverySample()
    {
        QFETCH(QString, sample);
        QFETCH(int, step);
        const Session base = sampleSession(sample);
        WalkthroughPanel panel;
        panel.resize(520, 900);
        panel.show();
        // The sample's own trace is the same for every step: computed once per sample (the
        // GPT-2 sample's 1024 tokens cost seconds under the sanitizers).
        static std::map<QString, std::shared_ptr<const Trace>> sampleTraces;
        auto& sampleTrace = sampleTraces[sample];
        if (!sampleTrace)
            sampleTrace = computeTrace(base);
        for (const bool own : {true, false}) {
            const auto trace =
                own ? stepTrace(panel.steps()[std::size_t(step)], base) : sampleTrace;
            QVERIFY(trace);
            panel.setTrace(trace);
            panel.setStep(step);
            QCOMPARE(panel.step(), step);
            QCOMPARE(panel.titleText(), panel.steps()[std::size_t(step)].title);
            QVERIFY(!panel.explanationText().isEmpty());
            // The step's own trace: several statements; another: at least what it is.
            QVERIFY2(panel.formulaText().count(u'\n') >= (own ? 2 : 0) &&
                         !panel.formulaText().isEmpty(),
                     qPrintable(panel.formulaText()));
            QVERIFY(!panel.formulaText().contains(QStringLiteral("nan"), Qt::CaseInsensitive));
            QCoreApplication::sendPostedEvents(); // the layout follows the new texts
            const QPixmap picture = panel.grab();
            QVERIFY(!picture.isNull());
            const QString directory = qEnvironmentVariable("AE_WALKTHROUGH_SCREENSHOTS");
            if (own && !directory.isEmpty())
                QVERIFY(picture.save(
                    QDir(directory).filePath(QStringLiteral("%1-%2.png")
                                                 .arg(QFileInfo(sample).baseName())
                                                 .arg(step + 1, 2, 10, QLatin1Char('0')))));
        }
    }

    void keysStep_data()
    {
        QTest::addColumn<QList<int>>("keys");
        QTest::addColumn<int>("expected");
        QTest::newRow("Right") << QList<int>{Qt::Key_Right} << 1;
        QTest::newRow("PageDown") << QList<int>{Qt::Key_PageDown} << 1;
        QTest::newRow("Space") << QList<int>{Qt::Key_Space} << 1;
        QTest::newRow("forward three")
            << QList<int>{Qt::Key_Right, Qt::Key_PageDown, Qt::Key_Space} << 3;
        QTest::newRow("Left") << QList<int>{Qt::Key_Right, Qt::Key_Right, Qt::Key_Left} << 1;
        QTest::newRow("PageUp") << QList<int>{Qt::Key_PageDown, Qt::Key_PageDown, Qt::Key_PageUp}
                                << 1;
        QTest::newRow("not before the first") << QList<int>{Qt::Key_Left, Qt::Key_PageUp} << 0;
        QTest::newRow("End") << QList<int>{Qt::Key_End} << 16;
        QTest::newRow("not past the last") << QList<int>{Qt::Key_End, Qt::Key_Right} << 16;
        QTest::newRow("Home") << QList<int>{Qt::Key_End, Qt::Key_Home} << 0;
    }

    void keysStep()
    {
        QFETCH(QList<int>, keys);
        QFETCH(int, expected);
        WalkthroughPanel panel;
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        panel.show();
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        panel.setFocus();
        QSignalSpy changed(&panel, &WalkthroughPanel::stepChanged);
        for (const int key : keys)
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &panel,
                            Qt::Key(key));
        QCOMPARE(panel.step(), expected);
        if (expected > 0)
            QCOMPARE(changed.last().at(0).toInt(), expected);
    }

    void signalsCarryThePageAndTheSession()
    {
        WalkthroughPanel panel;
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        QSignalSpy pages(&panel, &WalkthroughPanel::pageRequested);
        QSignalSpy changes(&panel, &WalkthroughPanel::sessionChangeRequested);
        QSignalSpy samples(&panel, &WalkthroughPanel::sampleRequested);
        QSignalSpy steps(&panel, &WalkthroughPanel::stepChanged);
        QVERIFY(changes.isValid());

        panel.setStep(stepIndex(QStringLiteral("simplified")));
        QCOMPARE(pages.last().at(0).toString(), QStringLiteral("weights"));
        QCOMPARE(steps.last().at(0).toInt(), 2);
        QCOMPARE(applied(changes).variant, Variant::Simplified);
        QCOMPARE(applied(changes).sentence, std::string("Life is short, eat dessert first"));

        panel.setStep(stepIndex(QStringLiteral("causal-mask")));
        QCOMPARE(pages.last().at(0).toString(), QStringLiteral("weights"));
        QVERIFY(applied(changes).causal);
        QCOMPARE(applied(changes).variant, Variant::SelfAttention);

        panel.setStep(stepIndex(QStringLiteral("dropout")));
        QCOMPARE(pages.last().at(0).toString(), QStringLiteral("dropout"));
        QCOMPARE(applied(changes).dropout, 0.5);
        QVERIFY(applied(changes).training);

        panel.setStep(stepIndex(QStringLiteral("multi-head")));
        QCOMPARE(pages.last().at(0).toString(), QStringLiteral("heads"));
        QCOMPARE(applied(changes).variant, Variant::MultiHead);
        QVERIFY(applied(changes).numHeads >= 2);

        const auto before = changes.size();
        panel.setStep(stepIndex(QStringLiteral("cross-attention")));
        QCOMPARE(samples.last().at(0).toString(),
                 QStringLiteral(":/samples/german-english-cross.json"));
        panel.setStep(stepIndex(QStringLiteral("gpt2")));
        QCOMPARE(samples.last().at(0).toString(), QStringLiteral(":/samples/gpt2-small.json"));
        QCOMPARE(pages.last().at(0).toString(), QStringLiteral("heads"));
        QCOMPARE(changes.size(), before); // samples are opened, not edited in
    }

    // Nothing is asked for when the step's session is on screen already.
    void noRequestForTheSessionShown()
    {
        WalkthroughPanel panel;
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        QSignalSpy changes(&panel, &WalkthroughPanel::sessionChangeRequested);
        QSignalSpy pages(&panel, &WalkthroughPanel::pageRequested);
        panel.setStep(stepIndex(QStringLiteral("scores")));
        panel.setStep(stepIndex(QStringLiteral("context")));
        QCOMPARE(changes.size(), 0);
        QCOMPARE(pages.size(), 2);
    }

    // Steps apply to the user's session: back from the samples (and from multi-head, which
    // changes d_out), the article's sentence and its d_v = 4 return.
    void stepsReturnToTheUsersSession()
    {
        WalkthroughPanel panel;
        const Session article = sampleSession(QStringLiteral("article.json"));
        panel.setTrace(computeTrace(article));
        QSignalSpy changes(&panel, &WalkthroughPanel::sessionChangeRequested);
        QSignalSpy samples(&panel, &WalkthroughPanel::sampleRequested);
        panel.setStep(stepIndex(QStringLiteral("multi-head")));
        panel.setTrace(computeTrace(applied(changes))); // what the window computes
        panel.setStep(stepIndex(QStringLiteral("cross-attention")));
        QCOMPARE(samples.size(), 1);
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("german-english-cross.json"))));
        panel.setStep(stepIndex(QStringLiteral("scores")));
        const Session back = applied(changes);
        QCOMPARE(back.sentence, article.sentence);
        QVERIFY(back.sourceSentence.empty());
        QCOMPARE(back.variant, Variant::SelfAttention);
        QCOMPARE(back.dOutV, 4);
        panel.setTrace(computeTrace(back));
        QVERIFY(panel.formulaText().contains(
            QStringLiteral("[−0.6004, 3.4707, −1.5023, 0.4991, 1.2903, −1.3374]")));
        QCOMPARE(panel.baseSession()->variant, Variant::SelfAttention); // never a step's session
        QCOMPARE(panel.baseSession()->dOutV, 4);

        // A session the walkthrough did not ask for (the user edited) becomes the base.
        Session edited = article;
        edited.sentence = "Your journey starts with one step";
        panel.setTrace(computeTrace(edited));
        panel.setStep(stepIndex(QStringLiteral("simplified")));
        QCOMPARE(applied(changes).sentence, edited.sentence);
    }

    void chosenQuery()
    {
        WalkthroughPanel panel;
        QSignalSpy queries(&panel, &WalkthroughPanel::queryChanged);
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        panel.setStep(stepIndex(QStringLiteral("scores")));
        QCOMPARE(panel.query(), 1); // x(2), as the seeds
        QVERIFY(panel.formulaText().contains(QStringLiteral("ω₂ = q₂·Kᵀ")));
        panel.setQuery(4);
        QCOMPARE(queries.last().at(0).toInt(), 4);
        QVERIFY(panel.formulaText().contains(QStringLiteral("ω₅ = q₅·Kᵀ")));
        panel.setQuery(99); // clamped to the last token
        QCOMPARE(panel.query(), 5);
        Session one;
        one.sentence = "Hello";
        panel.setTrace(computeTrace(one));
        QCOMPARE(panel.query(), 0);
        QVERIFY(panel.formulaText().contains(QStringLiteral("ω₁ = q₁·Kᵀ")));
    }

    // Typing keeps the items of the tokens before the change and rebuilds the rest: the list
    // equals one built from scratch, after a word taken off, put back and changed.
    void queryChoicesFollowTheTokens()
    {
        const auto items = [](const WalkthroughPanel& panel) {
            const auto* choice = panel.findChild<QComboBox*>(QStringLiteral("query_choice"));
            QStringList texts;
            for (int i = 0; i < choice->count(); ++i)
                texts << choice->itemText(i);
            return texts;
        };
        WalkthroughPanel typed;
        Session session;
        for (const char* sentence :
             {"Life is short, eat dessert first", "Life is short, eat dessert",
              "Life is short, eat dessert first", "Life is long, eat dessert first", "Life"}) {
            session.sentence = sentence;
            const auto trace = computeTrace(session);
            typed.setTrace(trace);
            WalkthroughPanel fresh;
            fresh.setTrace(trace);
            QCOMPARE(items(typed), items(fresh));
            QCOMPARE(items(typed).size(), qsizetype(trace->tokens.size()));
            QCOMPARE(items(typed).last(), QStringLiteral("x(%1)  %2")
                                              .arg(trace->tokens.size())
                                              .arg(QString::fromStdString(shownQueryToken(
                                                  *trace, trace->tokens.size() - 1))));
        }
    }

    void scalingChartToggle()
    {
        WalkthroughPanel panel;
        panel.show();
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        auto* toggle = panel.findChild<QCheckBox*>();
        QVERIFY(toggle);
        QVERIFY(!toggle->isVisible());
        panel.setStep(stepIndex(QStringLiteral("scaling")));
        QVERIFY(toggle->isVisible());
        QVERIFY(!panel.scalingChartShown());
        toggle->click();
        QVERIFY(panel.scalingChartShown());
        panel.next();
        QVERIFY(!panel.scalingChartShown());
    }

    // Lecture-hall size.
    void presentationFont_data()
    {
        QTest::addColumn<qreal>("points");
        QTest::newRow("normal") << qreal(0);
        QTest::newRow("lecture hall") << qreal(24);
    }

    void presentationFont()
    {
        QFETCH(qreal, points);
        WalkthroughPanel panel;
        panel.resize(points > 0 ? 1100 : 480, points > 0 ? 1000 : 820);
        panel.setPresentationFont(points);
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        panel.setStep(stepIndex(QStringLiteral("scaling")));
        panel.setScalingChartShown(true);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QLabel* title = nullptr;
        QLabel* explanation = nullptr;
        for (QLabel* label : panel.findChildren<QLabel*>()) {
            const QString text = QString(label->text()).remove(QChar(0x200b));
            if (text == panel.titleText())
                title = label;
            if (text == panel.explanationText())
                explanation = label;
        }
        QVERIFY(title && explanation);
        if (points > 0) {
            // Presentation mode shrinks a step's text (down to MinFitScale) until it fits the
            // dock without scrolling.
            const qreal size = explanation->font().pointSizeF();
            QVERIFY2(size <= points && size >= points * WalkthroughPanel::MinFitScale - 1e-9,
                     qPrintable(QString::number(size)));
            QVERIFY(title->font().pointSizeF() > size);
        }
        const QString directory = qEnvironmentVariable("AE_WALKTHROUGH_SCREENSHOTS");
        if (!directory.isEmpty())
            QVERIFY(panel.grab().save(
                QDir(directory).filePath(QStringLiteral("panel-%1pt.png").arg(points))));
    }

    // A 1024 x 768 projector: the dock is 256 px wide and the text 17 pt, 23 px at 96 dpi
    // (whatever the test platform's dpi); every step's text wraps inside it, long identifiers
    // ("MultiHeadAttention") included.
    void proseWrapsInANarrowDock()
    {
        WalkthroughPanel panel;
        panel.resize(256, 700);
        panel.setPresentationFont(23.0 * 72.0 / panel.logicalDpiY());
        panel.setTrace(computeTrace(sampleSession(QStringLiteral("article.json"))));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (int step = 0; step < int(panel.steps().size()); ++step) {
            panel.setStep(step);
            QCoreApplication::processEvents();
            // The scrolled content no wider than its viewport (it would be cut on the right).
            const QScrollArea* scroll = panel.findChild<QScrollArea*>();
            QVERIFY(scroll && scroll->widget());
            QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
                     qPrintable(QStringLiteral("step %1: content %2 px, viewport %3 px")
                                    .arg(step + 1)
                                    .arg(scroll->widget()->minimumSizeHint().width())
                                    .arg(scroll->viewport()->width())));
            for (QLabel* label : panel.findChildren<QLabel*>()) {
                if (!label->isVisible() || !label->wordWrap() ||
                    label->textFormat() != Qt::PlainText)
                    continue;
                // The label inside the panel, and the longest piece the text cannot break
                // inside the label (a longer line is cut at the label's right edge).
                const int right = label->mapTo(&panel, QPoint(label->width(), 0)).x();
                QVERIFY2(right <= panel.width(), qPrintable(QStringLiteral("step %1: %2 > %3")
                                                                .arg(step + 1)
                                                                .arg(right)
                                                                .arg(panel.width())));
                const QFontMetrics fm(label->font());
                static const QRegularExpression breaks(QStringLiteral("[\\s\\x{200b}]+|(?<=[-/])"));
                for (const QString& piece : label->text().split(breaks, Qt::SkipEmptyParts))
                    QVERIFY2(fm.horizontalAdvance(piece) <= label->width(),
                             qPrintable(QStringLiteral("step %1: \"%2\" (%3 px) in %4 px")
                                            .arg(step + 1)
                                            .arg(piece)
                                            .arg(fm.horizontalAdvance(piece))
                                            .arg(label->width())));
            }
        }
    }
};

QTEST_MAIN(TestWalkthroughPanel)
#include "tst_walkthroughpanel.moc"
