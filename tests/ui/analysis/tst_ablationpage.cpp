// The ablation page on a forward of the PyTorch fixture f32_prefix (2 layers x 2 heads): the
// chosen head's result is core/analysis's (tst_ablation checks that against PyTorch), the bars
// show the next tokens before and after, a click in the grid ablates that head, every head's
// grid arrives in the background with progress, the kind of ablation recomputes, and a one-token
// sentence is refused with a reason.
#include "Ablation.h"
#include "AblationPage.h"
#include "AnalysisFixtures.h"
#include "FigureWidget.h"
#include "ModelTrace.h"

#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <cmath>

using namespace ae;
using namespace ae::test;

namespace {

void waitFor(const AblationPage& page)
{
    QTRY_VERIFY_WITH_TIMEOUT(!page.isUpdatePending(), 30000);
}

} // namespace

class TestAblationPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theChosenHeadIsAblated()
    {
        AblationPage page;
        const auto run = fixtureRun();
        page.setRun(run, 1, 0);
        waitFor(page);
        QVERIFY(page.single() && page.base());
        const Prediction base = basePrediction(*run->trace);
        const AblationResult expected = ablateHead(*run->trace, base, AblationKind::Zero, 1, 0);
        QCOMPARE(page.base()->loss, base.loss);
        QCOMPARE(page.single()->prediction.loss, expected.prediction.loss);
        QCOMPARE(page.single()->kl, expected.kl);
        QVERIFY(page.summaryLabel()->text().contains(QString::number(base.loss, 'f', 4)));
        const std::vector<Figure> shown = page.currentFigures();
        QCOMPARE(shown.size(), std::size_t(1)); // the bars; no grid yet
        QCOMPARE((*shown.front().panels[1].matrix)(0, 0),
                 expected.prediction.nextTokens.front().prob);

        // Mean ablation recomputes the same head.
        page.kindBox()->setCurrentIndex(1);
        waitFor(page);
        QCOMPARE(page.single()->prediction.loss,
                 ablateHead(*run->trace, base, AblationKind::Mean, 1, 0).prediction.loss);
    }

    void everyHeadFillsTheGrid()
    {
        AblationPage page;
        const auto run = fixtureRun();
        page.setRun(run, 0, 0);
        waitFor(page);
        QSignalSpy progress(page.progressBar(), &QProgressBar::valueChanged);
        page.everyHeadButton()->click();
        QVERIFY(!page.everyHeadButton()->isEnabled()); // while it runs
        waitFor(page);
        QVERIFY(page.grid());
        QVERIFY(page.everyHeadButton()->isEnabled());
        const AblationGrid expected = *ablateEveryHead(*run->trace, AblationKind::Zero);
        const Matrix& shown = *page.gridFigure()->figure().panels.front().matrix;
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 2; ++h)
                QCOMPARE(shown(l, h),
                         float(expected.at(l, h).prediction.loss - expected.base.loss));
        page.metricBox()->setCurrentIndex(1); // KL
        QCOMPARE((*page.gridFigure()->figure().panels.front().matrix)(1, 1),
                 float(expected.at(1, 1).kl));
        QCOMPARE(page.currentFigures().size(), std::size_t(2));

        // A click in the grid ablates that head.
        Q_EMIT page.gridFigure()->cellClicked(0, 1, 1);
        waitFor(page);
        QCOMPARE(page.layerBox()->value(), 2);
        QCOMPARE(page.headBox()->value(), 2);
        // The grid ran that head stacked with others, the click alone: the same KL to float32
        // rounding (a row's bits may depend on the rows computed with it, StackedBlocks.h).
        QVERIFY(std::abs(page.single()->kl - expected.at(1, 1).kl) <=
                1e-6 * std::abs(expected.at(1, 1).kl));
    }

    void oneTokenIsRefused()
    {
        AblationPage page;
        page.setRun(fixtureRun({5}), 0, 0);
        waitFor(page);
        QVERIFY(!page.single());
        QVERIFY(page.summaryLabel()->text().contains(QStringLiteral("two tokens")));
        page.everyHeadButton()->click();
        QVERIFY(!page.isUpdatePending());
        QVERIFY(page.currentFigures().empty());
    }
};

QTEST_MAIN(TestAblationPage)
#include "tst_ablationpage.moc"
