// The generate page on a forward of the PyTorch fixture f32_prefix (2 layers x 2 heads, n_ctx
// 32): it writes the ids core/analysis's generate gives (tst_generation checks those against
// PyTorch's), greedy and sampled with a seed; the text grows with each token; the newest
// token's attention is shown for every layer; Stop keeps what was written; the count is bounded
// by the context.
#include "AnalysisFixtures.h"
#include "FigureWidget.h"
#include "GeneratePage.h"
#include "Generation.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTextBrowser>
#include <QTextCursor>

using namespace ae;
using namespace ae::test;

namespace {

std::vector<std::int64_t> idsOf(const std::vector<GenerationStep>& steps)
{
    std::vector<std::int64_t> ids;
    for (const GenerationStep& step : steps)
        ids.push_back(step.id);
    return ids;
}

} // namespace

class TestGeneratePage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void writesWhatGenerateWrites_data()
    {
        QTest::addColumn<double>("temperature");
        QTest::addColumn<int>("topK");
        QTest::newRow("greedy") << 0.0 << 0;
        QTest::newRow("sampled, top-k 20, seed 7") << 1.3 << 20;
    }

    void writesWhatGenerateWrites()
    {
        QFETCH(double, temperature);
        QFETCH(int, topK);
        GeneratePage page;
        const auto run = fixtureRun();
        page.setRun(run, 0, 0);
        page.countBox()->setValue(6);
        page.temperatureBox()->setValue(temperature);
        page.topKBox()->setValue(topK);
        page.seedBox()->setValue(7);
        QSignalSpy shown(&page, &GeneratePage::figuresShown);
        page.generateButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 30000);
        GenerateOptions options;
        options.maxNewTokens = 6;
        options.temperature = float(temperature);
        options.topK = topK;
        options.seed = 7;
        const Generation expected = generate(run->trace, options);
        QCOMPARE(idsOf(page.steps()), idsOf(expected.steps));
        QVERIFY(shown.count() >= 1);
        QVERIFY(page.costLabel()->text().contains(QStringLiteral("Stopped")));
        // The newest token's attention in every layer: heads x the tokens up to it.
        const Figure& attention = page.attentionFigure()->figure();
        QCOMPARE(int(attention.panels.size()), run->trace->layerCount());
        QCOMPARE(attention.panels.front().matrix->rows(), Eigen::Index(run->trace->headCount()));
        QCOMPARE(attention.panels.front().matrix->cols(), run->trace->tokenCount() + 5);
        for (Eigen::Index h = 0; h < attention.panels.front().matrix->rows(); ++h)
            QVERIFY(std::abs(attention.panels.front().matrix->row(h).sum() - 1.0f) < 1e-5f);
        QVERIFY(!page.generatedText().isEmpty());
        QCOMPARE(page.currentFigures().size(), std::size_t(1));
        // The text view: the prompt, then the generated text in bold (rewritten at its end as
        // tokens arrive), no ellipsis once done; generating again starts the text again.
        const auto* view = page.findChild<QTextBrowser*>();
        std::string promptBytes;
        for (const std::int64_t id : run->trace->tokenIds)
            promptBytes += modelTokenBytes(*run->trace->model, id);
        const QString prompt = QString::fromUtf8(promptBytes);
        QCOMPARE(view->toPlainText(), prompt + page.generatedText());
        QTextCursor end(view->document());
        end.movePosition(QTextCursor::End);
        QCOMPARE(end.charFormat().fontWeight(), int(QFont::Bold));
        page.countBox()->setValue(2);
        page.generateButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 30000);
        QCOMPARE(page.steps().size(), std::size_t(2));
        QCOMPARE(view->toPlainText(), prompt + page.generatedText());
    }

    void countIsBoundedByTheContext()
    {
        GeneratePage page;
        const auto run = fixtureRun();
        page.setRun(run, 0, 0);
        QCOMPARE(page.countBox()->maximum(), 32 - int(run->trace->tokenCount()));
        page.countBox()->setValue(page.countBox()->maximum());
        page.generateButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 30000);
        QCOMPARE(int(page.steps().size()), 32 - int(run->trace->tokenCount()));
    }

    void stopKeepsWhatWasWritten()
    {
        GeneratePage page;
        page.setRun(fixtureRun(), 0, 0);
        page.countBox()->setValue(page.countBox()->maximum());
        page.start();
        QVERIFY(page.isRunning());
        page.stop();
        QVERIFY(!page.isRunning());
        const std::size_t kept = page.steps().size();
        QVERIFY(page.costLabel()->text().contains(QStringLiteral("Stopped by you")));
        QTest::qWait(200); // nothing more arrives after Stop
        QCOMPARE(page.steps().size(), kept);
        QVERIFY(page.generateButton()->isEnabled());
    }
};

QTEST_MAIN(TestGeneratePage)
#include "tst_generatepage.moc"
