// The deck's mosaic of many heads: the model view's layers × heads keep their grid (GPT-2's
// 144 heads as 12 × 12, not the 13 columns that would give the tiles most room), and the grid's
// row and column labels fit where they are drawn instead of being cut to "1 H".
#include "DeckStyle.h"
#include "HeadMosaic.h"
#include "SlideFigure.h"

#include <QFontMetricsF>
#include <QTest>

using namespace ae;

namespace {

Figure heads(int layers, int perLayer, bool labelled)
{
    Figure figure;
    figure.title = QStringLiteral("Attention weights of every layer and head");
    figure.columns = perLayer;
    const auto weights = std::make_shared<const Matrix>(Matrix::Constant(6, 6, 0.25f));
    for (int i = 0; i < layers * perLayer; ++i) {
        HeatmapSpec spec;
        spec.title = QStringLiteral("L%1 H%2").arg(i / perLayer + 1).arg(i % perLayer + 1);
        spec.matrix = weights;
        spec.range = std::make_pair(0.0f, 1.0f);
        figure.panels.push_back(spec);
    }
    for (int h = 1; labelled && h <= perLayer; ++h)
        figure.gridColumns << QStringLiteral("Head %1").arg(h);
    for (int l = 1; labelled && l <= layers; ++l)
        figure.gridRows << QStringLiteral("Layer %1").arg(l);
    return figure;
}

} // namespace

class TestHeadMosaic : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void labelledGridKeepsItsColumns_data()
    {
        QTest::addColumn<QRectF>("target");
        QTest::newRow("a slide's figure column") << QRectF(0, 0, 1100, 760);
        QTest::newRow("wide and low") << QRectF(0, 0, 2400, 600);
        QTest::newRow("narrow and tall") << QRectF(0, 0, 700, 1400);
    }
    void labelledGridKeepsItsColumns()
    {
        QFETCH(QRectF, target);
        const QFont font = deck::pixelFont(QFont(), SlideFigure::FontPixels);
        const HeadMosaic labelled(heads(12, 12, true), font, std::nullopt);
        const HeadMosaic::Grid g = labelled.grid(target);
        QCOMPARE(g.columns, 12);
        QCOMPARE(g.rows, 12);
        QVERIFY(g.tileWidth > 10);
        // Inside the target, the labels included.
        QVERIFY(g.left - g.rowLabels >= target.left() - 0.5);
        QVERIFY(g.left + g.columns * g.cellWidth <= target.right() + 0.5);
        QVERIFY(g.top + g.rows * g.cellHeight <= target.bottom() + 0.5);
        // Every label fits its place.
        const QFontMetricsF rows(font);
        QVERIFY(rows.horizontalAdvance(QStringLiteral("Layer 12")) <= g.rowLabels);
        const QFontMetricsF columns(labelled.columnLabelFont(g.cellWidth));
        QVERIFY2(columns.horizontalAdvance(QStringLiteral("Head 12")) <= 0.9 * g.cellWidth,
                 qPrintable(QString::number(g.cellWidth)));
        QCOMPARE(g.caption, 0.0);
    }

    // Without labels the mosaic chooses the grid that gives the tiles most room: on a wide,
    // low target that is not 12 columns (so the test above could fail).
    void unlabelledPanelsChooseTheirGrid()
    {
        const QFont font = deck::pixelFont(QFont(), SlideFigure::FontPixels);
        const HeadMosaic mosaic(heads(12, 12, false), font, std::nullopt);
        const HeadMosaic::Grid g = mosaic.grid(QRectF(0, 0, 2400, 600));
        QVERIFY2(g.columns > 12, qPrintable(QString::number(g.columns)));
        QVERIFY(g.caption > 0);
    }
};

QTEST_MAIN(TestHeadMosaic)
#include "tst_headmosaic.moc"
