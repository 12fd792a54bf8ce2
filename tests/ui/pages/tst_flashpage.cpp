// The flash page (kernel: flash): a stepper through the forward's tiles in order, skipped tiles
// shown as such, each tile's O and running m, ℓ as the forward's own FlashTrace holds them, the
// final O beside the standard kernel's, and the memory traffic of both kernels; without the
// flash kernel it says how to turn it on. --export writes every tile of an article-size
// session and the result.
#include "CellSelection.h"
#include "Engine.h"
#include "FigureWidget.h"
#include "FlashAttention.h"
#include "FlashPage.h"
#include "MatrixStats.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTest>

#include <limits>

using namespace ae;

namespace {

// The article's sentence (6 tokens, d_out 2), causal, tiles 2 x 2: 3 x 3 tiles, of which the
// three above the diagonal are hidden from every row.
std::shared_ptr<const Trace> flashTrace(KernelKind kernel = KernelKind::Flash)
{
    Session s;
    s.causal = true;
    s.kernel = kernel;
    const ComputeResult result = Engine().compute(s);
    if (!result.trace)
        qFatal("session refused");
    return result.trace;
}

} // namespace

class TestFlashPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void stepsThroughTheTilesInOrder()
    {
        CellSelection selection;
        FlashPage page(&selection);
        page.resize(1000, 900);
        page.show();
        const auto trace = flashTrace();
        page.showInput({trace, nullptr, 0, 0});
        QCOMPARE(page.stepCount(), 9);
        QCOMPARE(page.step(), 0);
        const FlashTrace& f = *trace->heads[0].flash;
        for (int step = 0; step < 9; ++step) {
            page.setStep(step);
            const Eigen::Index qb = step / 3, kb = step % 3;
            const Figure& figure = page.tileFigure()->figure();
            // The grid, S, P, the rows' state and O; a skipped tile's S hidden, P zero.
            QCOMPARE(int(figure.panels.size()), 5);
            if (f.isSkipped(qb, kb)) {
                QVERIFY(figure.panels[1].matrix->array().isInf().all());
                QVERIFY(figure.panels[2].matrix->isZero());
                QVERIFY(figure.panels[1].operation.contains(QStringLiteral("not computed")));
            }
            QCOMPARE(f.isSkipped(qb, kb), kb > qb);
            QCOMPARE(page.stepLabel()->text().contains(QStringLiteral("skipped")), kb > qb);
            // The grid numbers the tiles computed so far; this one is the largest.
            const Matrix& grid = *figure.panels.front().matrix;
            QCOMPARE(grid(qb * 2, kb * 2),
                     kb > qb ? -std::numeric_limits<float>::infinity() : float(step + 1));
            QCOMPARE(grid(0, 0), 1.0f);
            // Every cell: hidden above the diagonal, else its tile's number up to this one;
            // the statistics the grid comes with are those of a scan.
            for (Eigen::Index i = 0; i < grid.rows(); ++i)
                for (Eigen::Index j = 0; j < grid.cols(); ++j) {
                    const int index = int((i / 2) * 3 + j / 2);
                    const float expected = j > i           ? -std::numeric_limits<float>::infinity()
                                           : index <= step ? float(index + 1)
                                                           : 0.0f;
                    QCOMPARE(grid(i, j), expected);
                }
            const auto& given = figure.panels.front().stats;
            QVERIFY(given && figure.panels.front().statsOf == &grid);
            const MatrixStats scanned = MatrixStats::of(grid);
            QCOMPARE(given->low, scanned.low);
            QCOMPARE(given->high, scanned.high);
            QCOMPARE(given->maxAbs, scanned.maxAbs);
            QCOMPARE(given->firstNonFinite, scanned.firstNonFinite);
            // The rows' m and ℓ after the tile are the forward's own.
            const Matrix& state = *figure.panels[figure.panels.size() - 2].matrix;
            for (Eigen::Index i = 0; i < 2; ++i) {
                QCOMPARE(state(i, 1), f.runningMax(kb, qb * 2 + i));
                QCOMPARE(state(i, 4), f.runningSum(kb, qb * 2 + i));
            }
        }
        // The last tile of a block: its O divided by ℓ is the context the forward kept.
        page.setStep(8);
        const Figure& last = page.tileFigure()->figure();
        const Matrix& o = *last.panels.back().matrix;
        const Matrix& state = *last.panels[last.panels.size() - 2].matrix;
        for (Eigen::Index i = 0; i < 2; ++i)
            QVERIFY((o.row(i) / state(i, 4)).eval() == trace->heads[0].contextVec.row(4 + i));
        QCOMPARE(page.currentFigures().size(), std::size_t(2));
    }

    void keysAndButtonsStep()
    {
        CellSelection selection;
        FlashPage page(&selection);
        page.show();
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        page.showInput({flashTrace(), nullptr, 0, 0});
        QPushButton* previous = nullptr;
        for (QPushButton* button : page.findChildren<QPushButton*>())
            if (button->text().contains(QStringLiteral("Previous")))
                previous = button;
        QVERIFY(previous);
        QVERIFY(!previous->isEnabled()); // on the first tile
        QTest::keyClick(&page, Qt::Key_BracketRight);
        QVERIFY(previous->isEnabled());
        QCOMPARE(page.step(), 1);
        QTest::keyClick(&page, Qt::Key_BracketRight);
        QTest::keyClick(&page, Qt::Key_BracketLeft);
        QCOMPARE(page.step(), 1);
        page.setStep(100);
        QCOMPARE(page.step(), 8);
        QTest::keyClick(&page, Qt::Key_BracketRight);
        QCOMPARE(page.step(), 8);
    }

    // The result agrees with the standard kernel, and the traffic table holds the paper's
    // counts for this session (T = S = 6, d_k = 2, d_v = 4): standard (12 + 12 + 36) + 72 +
    // (36 + 24 + 24) = 216 floats, tiled 6·(2 + 4 + 1) + 6 computed tiles · 2·(2 + 4) = 114.
    void resultAndTraffic()
    {
        CellSelection selection;
        FlashPage page(&selection);
        const auto trace = flashTrace();
        page.showInput({trace, nullptr, 0, 0});
        QTRY_VERIFY(!page.isUpdatePending());
        const Figure& result = page.resultFigure()->figure();
        QCOMPARE(int(result.panels.size()), 3);
        QVERIFY(*result.panels[0].matrix == trace->heads[0].contextVec);
        QVERIFY(result.panels[2].matrix->maxCoeff() < 1e-6f);
        QVERIFY(result.panels[2].matrix->maxCoeff() <= trace->heads[0].flashMaxDiff + 1e-7f);
        const QString traffic = page.trafficLabel()->text();
        QVERIFY2(traffic.contains(QStringLiteral(">216<")), qPrintable(traffic));
        QVERIFY2(traffic.contains(QStringLiteral(">114<")), qPrintable(traffic));
        QVERIFY(traffic.contains(QLocale().toString(4456448))); // GPT-2, 128 x 128 tiles
        QVERIFY(traffic.contains(QLocale().toString(721920)));
    }

    void withoutFlashSaysHowToTurnItOn()
    {
        CellSelection selection;
        FlashPage page(&selection);
        page.show();
        page.showInput({flashTrace(KernelKind::Standard), nullptr, 0, 0});
        QCOMPARE(page.stepCount(), 0);
        QVERIFY(page.currentFigures().empty());
        QVERIFY(!page.tileFigure()->isVisible());
        // And back: the tiles are shown again, and after release() too.
        page.showInput({flashTrace(), nullptr, 0, 0});
        QVERIFY(page.tileFigure()->isVisible());
        page.release();
        QVERIFY(page.currentFigures().empty());
        page.showInput({flashTrace(), nullptr, 0, 0});
        QCOMPARE(page.stepCount(), 9);
    }

    void exportWritesEveryTileAndTheResult()
    {
        const std::vector<Figure> all = figures::allFigures(flashTrace());
        QStringList names;
        for (const Figure& figure : all)
            names << figure.name;
        QCOMPARE(names.filter(QStringLiteral("flash_tile")).size(), 9);
        QVERIFY(names.contains(QStringLiteral("07-flash_tile1")));
        QVERIFY(names.contains(QStringLiteral("07-flash_result")));
    }
};

QTEST_MAIN(TestFlashPage)
#include "tst_flashpage.moc"
