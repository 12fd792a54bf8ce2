// A figure page of a long text (more than ReducedViewExtent tokens): its heads' T x S matrices are
// derived off the GUI thread and held only reduced (never a whole head on the GUI thread), the
// heatmaps show the reduction of the whole matrix, and release() lets go of figures and images.
// An article-size trace keeps whole matrices.

#include "CellRaster.h"
#include "CellSelection.h"
#include "Engine.h"
#include "FigurePage.h"
#include "FigureWidget.h"
#include "Fixtures.h"
#include "HeadTensors.h"
#include "HeadViews.h"
#include "HeatmapWidget.h"
#include "PageCatalog.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "ViewExtent.h"

#include <QStandardPaths>
#include <QTest>

#include <string>

using namespace ae;

namespace {

std::shared_ptr<const Trace> compute(int tokens)
{
    Session s;
    s.sentence = test::numberedSentence(tokens);
    s.variant = Variant::MultiHead;
    s.init = InitScheme::Rand;
    s.dIn = 16;
    s.dOutKq = s.dOutV = 8;
    s.numHeads = 2;
    s.causal = true;
    const ComputeResult result = Engine().compute(s, viewWeightsReduction);
    if (!result.trace)
        qFatal("session refused");
    return result.trace;
}

std::unique_ptr<FigurePage> page(const QString& id, CellSelection* selection)
{
    for (PageDefinition& definition : pageCatalog())
        if (definition.id == id) {
            auto p = std::make_unique<FigurePage>(std::move(definition), selection);
            p->resize(900, 1400);
            p->show();
            return p;
        }
    return nullptr;
}

void waitForFigures(FigurePage& p)
{
    QTRY_VERIFY_WITH_TIMEOUT(!p.isUpdatePending(), 60000);
}

} // namespace

class TestFigurePage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        WholeTensorProbe::watchThisThread();
    }

    void longTextIsReducedOffTheGuiThread()
    {
        const auto trace = compute(600);
        QVERIFY(trace->queryCount() > ReducedViewExtent);
        CellSelection selection;
        auto weights = page(QStringLiteral("weights"), &selection);
        weights->setTrace(trace, 1);
        waitForFigures(*weights);
        const std::vector<Figure> shown = weights->currentFigures();
        QVERIFY(!shown.empty());
        int derived = 0;
        for (const Figure& figure : shown)
            for (const HeatmapSpec& spec : figure.panels) {
                if (!spec.derived)
                    continue;
                ++derived;
                QVERIFY(!spec.matrix);
                QVERIFY(spec.reduced);
                QCOMPARE(specRows(spec), trace->queryCount());
                QCOMPARE(specColumns(spec), trace->keyCount());
            }
        QCOMPARE(derived, 3); // the weights, and both masking methods
        // The reduction is the whole matrix's, reduced as the raster reduces it.
        const HeatmapSpec& spec = shown.front().panels.front();
        const Matrix whole = *headTensor(*trace, 1, HeadTensor::Weights);
        const ReducedMatrix& reduced = *spec.reduced;
        QVERIFY(reduced.rowBlock > 1);
        QVERIFY(reduced.values == CellRaster::reduceBlocks(whole, {0, whole.rows()},
                                                           {0, whole.cols()}, reduced.rowBlock,
                                                           reduced.columnBlock));
        // Every heatmap is painted (off the GUI thread), a tooltip's value derives one row.
        auto* figure = weights->findChild<FigureWidget*>();
        QVERIFY(figure && figure->panelCount() == 1);
        HeatmapWidget* heatmap = figure->panel(0);
        QTRY_VERIFY_WITH_TIMEOUT(!heatmap->isRenderPending(), 60000);
        QVERIFY(!heatmap->renderedImage().isNull());
        QCOMPARE(specValue(heatmap->spec(), 599, 3).value_or(-1.0f), whole(599, 3));
        // No whole head was derived on the GUI thread (the whole weights above: this test's).
        QVERIFY(WholeTensorProbe::largestOnWatchedThread() <= whole.size());
        WholeTensorProbe::watchThisThread();
        weights->setTrace(trace, 0);
        waitForFigures(*weights);
        QTRY_VERIFY_WITH_TIMEOUT(!heatmap->isRenderPending(), 60000);
        QCOMPARE(WholeTensorProbe::largestOnWatchedThread(), Eigen::Index(0));

        // A hidden page lets go of its figures and images.
        weights->release();
        QVERIFY(weights->currentFigures().empty());
        QVERIFY(!figure->panel(0) || !figure->panel(0)->spec().reduced);
    }

    // The pages' policy: a text shown whole asks for nothing; a longer one for blocks that
    // leave at most ReducedViewExtent cells per side, powers of two (dividing the forward's).
    void viewPolicyAsksForViewSizedBlocks()
    {
        QVERIFY(!viewWeightsReduction(512, 300));
        const auto blocks = [](Eigen::Index T, Eigen::Index S) {
            const auto r = viewWeightsReduction(T, S);
            return r ? std::pair(r->rowBlock, r->columnBlock) : std::pair(0, 0);
        };
        QCOMPARE(blocks(600, 600), std::pair(2, 2));
        QCOMPARE(blocks(1100, 1100), std::pair(4, 4));
        QCOMPARE(blocks(300, 1030), std::pair(1, 4));
        QCOMPARE(blocks(32768, 513), std::pair(64, 2));
        const auto trace = compute(600);
        QVERIFY(derivesHeadViews(*trace));
        QVERIFY(trace->heads[0].reducedWeights);
        QCOMPARE(trace->heads[0].reducedWeights->rowBlock, 2);
        QVERIFY(!derivesHeadViews(*compute(512)));
    }

    void articleSizeKeepsWholeMatrices()
    {
        const auto trace = compute(6);
        CellSelection selection;
        auto heads = page(QStringLiteral("heads"), &selection);
        heads->setTrace(trace, 0);
        QVERIFY(!heads->isUpdatePending()); // built at once
        const std::vector<Figure> shown = heads->currentFigures();
        QCOMPARE(shown.size(), std::size_t(2)); // the heads' weights, the key/value cache
        QCOMPARE(shown.front().panels.size(), std::size_t(2));
        for (const HeatmapSpec& spec : shown.front().panels) {
            QVERIFY(spec.matrix && !spec.derived);
            QCOMPARE(spec.matrix->rows(), Eigen::Index(6));
        }
    }
};

QTEST_MAIN(TestFigurePage)
#include "tst_figurepage.moc"
