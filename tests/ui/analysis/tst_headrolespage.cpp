// The head roles page on a forward of the PyTorch fixture f32_prefix (2 layers x 2 heads): its
// grids hold the detectors' scores as core/analysis computes them (tst_headdetectors checks
// those against PyTorch), the ranking is in order, an opened head shows the forward's weights
// with exactly the pattern's cells framed (and the painter frames them), the induction probe
// is scored on its own forward, and a one-token sentence says what is missing.
#include "AnalysisFixtures.h"
#include "FigureExporter.h"
#include "FigureWidget.h"
#include "HeadDetectors.h"
#include "HeadRolesPage.h"
#include "InductionProbe.h"
#include "ModelTrace.h"
#include "WalkthroughCatalog.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

using namespace ae;
using namespace ae::test;

namespace {

void waitFor(const HeadRolesPage& page)
{
    QTRY_VERIFY_WITH_TIMEOUT(!page.isUpdatePending(), 30000);
}

} // namespace

class TestHeadRolesPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void gridsHoldTheDetectorsScores()
    {
        HeadRolesPage page;
        const auto run = fixtureRun();
        page.setRun(run, 0, 0);
        waitFor(page);
        QVERIFY(page.detection());
        const HeadDetection expected = *detectHeads(*run->trace);
        const Figure& grid = page.gridFigure()->figure();
        QCOMPARE(int(grid.panels.size()), 3);
        for (std::size_t p = 0; p < AllHeadPatterns.size(); ++p) {
            const Matrix& m = *grid.panels[p].matrix;
            QCOMPARE(m.rows(), Eigen::Index(2));
            QCOMPARE(m.cols(), Eigen::Index(2));
            for (int l = 0; l < 2; ++l)
                for (int h = 0; h < 2; ++h)
                    QCOMPARE(m(l, h), float(expected.at(AllHeadPatterns[p], l, h).mul));
        }
        // The abs score on request, and the ranking follows it, largest first.
        page.scoreBox()->setCurrentIndex(1);
        QCOMPARE((*page.gridFigure()->figure().panels[2].matrix)(1, 1),
                 float(expected.at(HeadPattern::Induction, 1, 1).abs));
        QCOMPARE(page.ranking()->topLevelItemCount(), 4);
        for (int i = 1; i < 4; ++i)
            QVERIFY(page.ranking()->topLevelItem(i - 1)->text(2).toDouble() >=
                    page.ranking()->topLevelItem(i)->text(2).toDouble());
    }

    // At three times the font (presentation mode, zoom), the page at its smallest still shows
    // the ranking's score column whole.
    void rankingFitsALargerFont()
    {
        HeadRolesPage page;
        QFont font = page.font();
        font.setPointSizeF(font.pointSizeF() * 3);
        page.setFont(font);
        page.setRun(fixtureRun(), 0, 0);
        waitFor(page);
        page.resize(page.minimumSizeHint());
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QTreeWidget& ranking = *page.ranking();
        const QHeaderView& header = *ranking.header();
        QVERIFY2(header.sectionPosition(2) + header.sectionSize(2) <= ranking.viewport()->width(),
                 qPrintable(QStringLiteral("score column ends at %1 of %2")
                                .arg(header.sectionPosition(2) + header.sectionSize(2))
                                .arg(ranking.viewport()->width())));
    }

    void anOpenedHeadFramesItsPattern()
    {
        HeadRolesPage page;
        const auto run = fixtureRun();
        page.setRun(run, 0, 0);
        waitFor(page);
        page.openHead(HeadPattern::PreviousToken, 1, 0);
        const Figure& opened = page.headFigure()->figure();
        QCOMPARE(opened.panels.size(), std::size_t(1));
        const HeatmapSpec& spec = opened.panels.front();
        QVERIFY(*spec.matrix == *layerAttnWeights(*run->trace, 1, 0));
        const Eigen::Index T = run->trace->tokenCount();
        QCOMPARE(Eigen::Index(spec.outlined->size()), T - 1); // (i, i − 1) for i ≥ 1
        for (const auto& [i, j] : *spec.outlined)
            QCOMPARE(j, i - 1);
        QCOMPARE(page.currentFigures().size(), std::size_t(2));

        // The frame is painted: Okabe-Ito's orange on the cell (1, 0) of an exported PNG, none
        // without the pattern.
        const auto orangeIn = [](const QImage& image) {
            int count = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor c = image.pixelColor(x, y);
                    count += c.red() > 200 && c.green() > 130 && c.green() < 190 && c.blue() < 60;
                }
            return count;
        };
        const FigureExporter exporter;
        QVERIFY(orangeIn(exporter.image(opened)) > 20);
        Figure plain = opened;
        plain.panels.front().outlined.reset();
        QCOMPARE(orangeIn(exporter.image(plain)), 0);
    }

    void probeIsScoredOnItsOwnForward()
    {
        HeadRolesPage page;
        page.setRun(fixtureRun(), 0, 0);
        waitFor(page);
        page.probeLengthBox()->setValue(5);
        page.inputBox()->setCurrentIndex(1);
        waitFor(page);
        QVERIFY(page.detection());
        // vocab 300 < 50257: no <|endoftext|>, r + r alone.
        const std::vector<std::int64_t> probe = inductionProbe(300, 5, 0, probeBos(300));
        QCOMPARE(page.detection()->tokenIds, probe);
        QCOMPARE(probe.size(), std::size_t(10));
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("10 tokens")));
        QVERIFY(page.probeSeedBox()->isEnabled());
    }

    // The walkthrough's step names each layer's best previous-token and induction heads, as the
    // detectors of the whole model rank them.
    void walkthroughStepNamesTheLayersBestHeads()
    {
        const auto run = fixtureRun();
        const HeadDetection detection = *detectHeads(*run->trace);
        const std::vector<WalkthroughStep> steps = WalkthroughCatalog::modelSteps();
        const auto step = std::find_if(steps.begin(), steps.end(), [](const WalkthroughStep& s) {
            return s.id == QStringLiteral("head-roles");
        });
        QVERIFY(step != steps.end());
        QCOMPARE(step->pageId, QStringLiteral("head_roles"));
        for (int layer = 0; layer < run->trace->layerCount(); ++layer) {
            const QString formula = step->formula(*run->trace->layers[std::size_t(layer)], 0);
            for (const auto& [pattern, name] :
                 {std::pair{HeadPattern::PreviousToken, QStringLiteral("previous-token")},
                  std::pair{HeadPattern::Induction, QStringLiteral("induction")}}) {
                int best = 0;
                for (int h = 1; h < detection.heads; ++h)
                    if (detection.at(pattern, layer, h).mul >
                        detection.at(pattern, layer, best).mul)
                        best = h;
                const QString expected =
                    QStringLiteral("best %1 head: %2 (%3)")
                        .arg(name)
                        .arg(best + 1)
                        .arg(detection.at(pattern, layer, best).mul, 0, 'f', 3);
                QVERIFY2(formula.contains(expected), qPrintable(formula + u'\n' + expected));
            }
        }
    }

    void oneTokenSaysWhatIsMissing()
    {
        HeadRolesPage page;
        page.setRun(fixtureRun({7}), 0, 0);
        waitFor(page);
        QVERIFY(!page.detection());
        QVERIFY(page.currentFigures().empty());
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("two tokens")));
    }
};

QTEST_MAIN(TestHeadRolesPage)
#include "tst_headrolespage.moc"
