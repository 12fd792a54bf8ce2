// Cells <-> pixels (CellGeometry): hit testing, cell rectangles, visible ranges, zoom and
// pan, and which source cells a device pixel covers when cells are smaller than pixels.
#include "CellGeometry.h"
#include "CellRaster.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace ae;

using OptionalCell = std::optional<CellIndex>;

Q_DECLARE_METATYPE(OptionalCell)
Q_DECLARE_METATYPE(ae::IndexRange)

namespace {

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

OptionalCell cell(Eigen::Index row, Eigen::Index column)
{
    return CellIndex{row, column};
}

} // namespace

namespace QTest {
template <> char* toString(const OptionalCell& c)
{
    return qstrdup(c ? qPrintable(QStringLiteral("(%1, %2)").arg(c->row).arg(c->column)) : "none");
}
template <> char* toString(const IndexRange& r)
{
    return qstrdup(qPrintable(QStringLiteral("[%1, %2)").arg(r.first).arg(r.last)));
}
} // namespace QTest

class TestCellGeometry : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cellAt_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("columns");
        QTest::addColumn<QRectF>("area");
        QTest::addColumn<double>("zoom");
        QTest::addColumn<QPointF>("pan");
        QTest::addColumn<QPointF>("point");
        QTest::addColumn<OptionalCell>("expected");
        const QRectF a(10, 20, 60, 60); // 6 x 6 cells of 10 px
        QTest::newRow("top-left corner")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(10, 20) << cell(0, 0);
        QTest::newRow("inside the last cell")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(69.9, 79.9) << cell(5, 5);
        QTest::newRow("right edge is outside")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(70, 50) << OptionalCell();
        QTest::newRow("bottom edge is outside")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(40, 80) << OptionalCell();
        QTest::newRow("left of the area")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(9.9, 50) << OptionalCell();
        QTest::newRow("cell (2, 3)")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(45, 45) << cell(2, 3);
        QTest::newRow("cell edge belongs to the next cell")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(20, 30) << cell(1, 1);
        QTest::newRow("6 x 4, wide cells")
            << 6 << 4 << a << 1.0 << QPointF() << QPointF(55, 75) << cell(5, 3);
        QTest::newRow("1 x 1") << 1 << 1 << a << 1.0 << QPointF() << QPointF(69, 21) << cell(0, 0);
        QTest::newRow("empty matrix")
            << 0 << 0 << a << 1.0 << QPointF() << QPointF(40, 50) << OptionalCell();
        QTest::newRow("no columns")
            << 3 << 0 << a << 1.0 << QPointF() << QPointF(40, 50) << OptionalCell();
        QTest::newRow("empty area") << 6 << 6 << QRectF(10, 20, 0, 0) << 1.0 << QPointF()
                                    << QPointF(10, 20) << OptionalCell();
        QTest::newRow("NaN point")
            << 6 << 6 << a << 1.0 << QPointF() << QPointF(NaN, 50) << OptionalCell();
        QTest::newRow("zoom 2, panned to the end")
            << 6 << 6 << a << 2.0 << QPointF(60, 60) << QPointF(10, 20) << cell(3, 3);
        QTest::newRow("pan beyond the content is clamped")
            << 6 << 6 << a << 2.0 << QPointF(500, -500) << QPointF(10, 20) << cell(0, 3);
        QTest::newRow("zoom below 1 is 1")
            << 6 << 6 << a << 0.25 << QPointF(30, 30) << QPointF(45, 45) << cell(2, 3);
        QTest::newRow("NaN zoom is 1")
            << 6 << 6 << a << NaN << QPointF() << QPointF(45, 45) << cell(2, 3);
        QTest::newRow("1024 x 1024 in 256 px") << 1024 << 1024 << QRectF(0, 0, 256, 256) << 1.0
                                               << QPointF() << QPointF(0.5, 255.9) << cell(1023, 2);
    }

    void cellAt()
    {
        QFETCH(int, rows);
        QFETCH(int, columns);
        QFETCH(QRectF, area);
        QFETCH(double, zoom);
        QFETCH(QPointF, pan);
        QFETCH(QPointF, point);
        QFETCH(OptionalCell, expected);
        QCOMPARE(CellGeometry(rows, columns, area, zoom, pan).cellAt(point), expected);
    }

    // cellAt(center of cellRect(r, c)) == (r, c) for every visible cell, zoomed or not.
    void roundTrip_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("columns");
        QTest::addColumn<double>("zoom");
        QTest::addColumn<QPointF>("pan");
        QTest::newRow("6 x 6") << 6 << 6 << 1.0 << QPointF();
        QTest::newRow("6 x 4") << 6 << 4 << 1.0 << QPointF();
        QTest::newRow("7 x 3, fractional cells") << 7 << 3 << 1.0 << QPointF();
        QTest::newRow("zoomed 2.5x, panned") << 6 << 6 << 2.5 << QPointF(37, 11);
        QTest::newRow("single cell zoom") << 6 << 6 << 6.0 << QPointF(120, 200);
        QTest::newRow("1 x 1") << 1 << 1 << 1.0 << QPointF();
    }

    void roundTrip()
    {
        QFETCH(int, rows);
        QFETCH(int, columns);
        QFETCH(double, zoom);
        QFETCH(QPointF, pan);
        const CellGeometry g(rows, columns, QRectF(5, 7, 100, 90), zoom, pan);
        const IndexRange visibleRows = g.visibleRows(), visibleColumns = g.visibleColumns();
        QVERIFY(!visibleRows.isEmpty());
        QVERIFY(!visibleColumns.isEmpty());
        for (Eigen::Index r = visibleRows.first; r < visibleRows.last; ++r) {
            for (Eigen::Index c = visibleColumns.first; c < visibleColumns.last; ++c) {
                const QRectF rect = g.cellRect(r, c);
                QCOMPARE(rect.width(), g.cellWidth());
                const QPointF probe = rect.intersected(g.area()).center();
                QCOMPARE(g.cellAt(probe), cell(r, c));
            }
        }
    }

    void visible_data()
    {
        QTest::addColumn<int>("cells");
        QTest::addColumn<double>("zoom");
        QTest::addColumn<double>("pan");
        QTest::addColumn<IndexRange>("expected");
        QTest::newRow("all") << 6 << 1.0 << 0.0 << IndexRange{0, 6};
        QTest::newRow("zoom 2, start") << 6 << 2.0 << 0.0 << IndexRange{0, 3};
        QTest::newRow("zoom 2, end") << 6 << 2.0 << 60.0 << IndexRange{3, 6};
        QTest::newRow("zoom 2, half a cell in") << 6 << 2.0 << 5.0 << IndexRange{0, 4};
        QTest::newRow("single cell") << 6 << 6.0 << 100.0 << IndexRange{1, 3};
        QTest::newRow("empty") << 0 << 1.0 << 0.0 << IndexRange{};
    }

    void visible()
    {
        QFETCH(int, cells);
        QFETCH(double, zoom);
        QFETCH(double, pan);
        QFETCH(IndexRange, expected);
        const CellGeometry g(cells, cells, QRectF(0, 0, 60, 60), zoom, QPointF(pan, pan));
        QCOMPARE(g.visibleRows(), expected);
        QCOMPARE(g.visibleColumns(), expected);
    }

    void pixelCoverage_data()
    {
        QTest::addColumn<int>("cells");
        QTest::addColumn<double>("extent");
        QTest::addColumn<double>("ratio");
        QTest::addColumn<int>("pixel");
        QTest::addColumn<IndexRange>("expected");
        QTest::addColumn<int>("block");
        QTest::newRow("1024 in 256: first pixel")
            << 1024 << 256.0 << 1.0 << 0 << IndexRange{0, 4} << 4;
        QTest::newRow("1024 in 256: last pixel")
            << 1024 << 256.0 << 1.0 << 255 << IndexRange{1020, 1024} << 4;
        QTest::newRow("1024 in 256 at 2x") << 1024 << 256.0 << 2.0 << 1 << IndexRange{2, 4} << 2;
        QTest::newRow("1024 in 256 at 4x") << 1024 << 256.0 << 4.0 << 7 << IndexRange{7, 8} << 1;
        QTest::newRow("1000 in 256: pixels straddle cells")
            << 1000 << 256.0 << 1.0 << 1 << IndexRange{3, 8} << 4;
        QTest::newRow("6 in 60: a pixel inside a cell")
            << 6 << 60.0 << 1.0 << 15 << IndexRange{1, 2} << 1;
        QTest::newRow("beyond the content") << 6 << 60.0 << 1.0 << 60 << IndexRange{6, 6} << 1;
    }

    void pixelCoverage()
    {
        QFETCH(int, cells);
        QFETCH(double, extent);
        QFETCH(double, ratio);
        QFETCH(int, pixel);
        QFETCH(IndexRange, expected);
        QFETCH(int, block);
        const CellGeometry g(cells, cells, QRectF(0, 0, extent, extent));
        QCOMPARE(g.rowsAtPixel(pixel, ratio), expected);
        QCOMPARE(g.columnsAtPixel(pixel, ratio), expected);
        QCOMPARE(g.rowBlock(ratio), block);
        QCOMPARE(g.columnBlock(ratio), block);
    }

    void blockSize_data()
    {
        QTest::addColumn<double>("cellPixels");
        QTest::addColumn<int>("expected");
        QTest::newRow("a pixel or more") << 1.0 << 1;
        QTest::newRow("big") << 40.0 << 1;
        QTest::newRow("half") << 0.5 << 2;
        QTest::newRow("quarter") << 0.25 << 4;
        QTest::newRow("just under a quarter") << 0.256 << 4;
        QTest::newRow("zero") << 0.0 << 1;
        QTest::newRow("infinite") << double(std::numeric_limits<double>::infinity()) << 1;
        QTest::newRow("NaN") << NaN << 1;
        QTest::newRow("absurdly small") << 1e-300 << std::numeric_limits<int>::max();
    }

    void blockSize()
    {
        QFETCH(double, cellPixels);
        QFETCH(int, expected);
        QCOMPARE(CellGeometry::blockSize(cellPixels), expected);
    }

    // Zooming keeps the content point under the anchor in place, within [1, maxZoom].
    void zoomAtAnchor_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<QPointF>("anchor");
        QTest::addColumn<double>("expectedZoom");
        QTest::newRow("in at the centre") << 2.0 << QPointF(40, 50) << 2.0;
        QTest::newRow("in at a corner") << 1.25 << QPointF(11, 21) << 1.25;
        QTest::newRow("in near the far edge") << 3.0 << QPointF(69, 79) << 3.0;
        QTest::newRow("clamped to one cell") << 100.0 << QPointF(33, 44) << 6.0;
        QTest::newRow("out below 1") << 0.5 << QPointF(40, 50) << 1.0;
    }

    void zoomAtAnchor()
    {
        QFETCH(double, factor);
        QFETCH(QPointF, anchor);
        QFETCH(double, expectedZoom);
        const CellGeometry before(6, 6, QRectF(10, 20, 60, 60));
        const CellGeometry after = before.zoomedAt(anchor, factor);
        QCOMPARE(after.zoom(), expectedZoom);
        QCOMPARE(after.cellAt(anchor), before.cellAt(anchor));
        if (expectedZoom > 1) {
            // The anchor's position inside its cell is kept too.
            const QRectF a =
                before.cellRect(before.cellAt(anchor)->row, before.cellAt(anchor)->column);
            const QRectF b =
                after.cellRect(after.cellAt(anchor)->row, after.cellAt(anchor)->column);
            QVERIFY(std::abs((anchor.x() - a.left()) / a.width() -
                             (anchor.x() - b.left()) / b.width()) < 1e-9);
        }
    }

    void zoomOutResetsPan()
    {
        const CellGeometry zoomed =
            CellGeometry(6, 6, QRectF(0, 0, 60, 60)).zoomedAt(QPointF(50, 50), 4);
        QVERIFY(zoomed.pan().x() > 0);
        const CellGeometry back = zoomed.zoomedAt(QPointF(5, 5), 1e-3);
        QCOMPARE(back.zoom(), 1.0);
        QCOMPARE(back.pan(), QPointF(0, 0));
        QCOMPARE(zoomed.zoomedAt(QPointF(5, 5), NaN).zoom(), zoomed.zoom());
    }

    void panClamps_data()
    {
        QTest::addColumn<QPointF>("delta");
        QTest::addColumn<QPointF>("expected");
        QTest::newRow("drag right shows the left") << QPointF(10, 0) << QPointF(20, 30);
        QTest::newRow("drag far right stops at the edge") << QPointF(1000, 0) << QPointF(0, 30);
        QTest::newRow("drag far up stops at the end") << QPointF(0, -1000) << QPointF(30, 60);
    }

    void panClamps()
    {
        QFETCH(QPointF, delta);
        QFETCH(QPointF, expected);
        const CellGeometry g(6, 6, QRectF(0, 0, 60, 60), 2, QPointF(30, 30));
        QCOMPARE(g.panned(delta).pan(), expected);
    }

    void resizeKeepsRelativeView()
    {
        const CellGeometry g(6, 6, QRectF(0, 0, 60, 60), 2, QPointF(30, 30));
        const CellGeometry bigger = g.withArea(QRectF(5, 5, 120, 120));
        QCOMPARE(bigger.zoom(), 2.0);
        QCOMPARE(bigger.pan(), QPointF(60, 60));
        QCOMPARE(bigger.visibleRows(), g.visibleRows());
    }

    void rowAndColumnRects()
    {
        const CellGeometry g(6, 4, QRectF(10, 20, 40, 60), 2, QPointF(0, 30));
        QCOMPARE(g.rowRect(2), QRectF(10, 20 - 30 + 2 * 20, 40, 20));
        QCOMPARE(g.columnRect(1), QRectF(30, 20, 20, 60));
        QVERIFY(g.rowRect(0).isEmpty()); // scrolled out of view
    }

    // The raster path's block reduction keeps the value of largest magnitude, sign included;
    // a non-finite cell makes its block hidden.
    void reduceBlocks()
    {
        Matrix m(4, 6);
        m << 1, -5, 2, 0, 0, 0,                                     //
            0, 3, 0, 0, 0.5f, 0,                                    //
            0, 0, -std::numeric_limits<float>::infinity(), 9, 0, 0, //
            0, 0, 0, 0, 0, -0.25f;
        const Matrix blocks = CellRaster::reduceBlocks(m, {0, 4}, {0, 6}, 2, 2);
        Matrix expected(2, 3);
        expected << -5, 2, 0.5f, //
            0, -std::numeric_limits<float>::infinity(), -0.25f;
        QCOMPARE(blocks.rows(), Eigen::Index(2));
        QCOMPARE(blocks.cols(), Eigen::Index(3));
        for (Eigen::Index i = 0; i < expected.size(); ++i)
            QCOMPARE(blocks.data()[i], expected.data()[i]);
        // Ranges that cut blocks still reduce whole blocks (no shimmer while panning).
        const Matrix cut = CellRaster::reduceBlocks(m, {1, 3}, {3, 5}, 2, 2);
        QCOMPARE(cut.rows(), Eigen::Index(2));
        QCOMPARE(cut.cols(), Eigen::Index(2));
        QCOMPARE(cut(0, 0), 2.0f);
        QCOMPARE(cut(1, 1), -0.25f);
        QVERIFY(std::isinf(cut(1, 0)));
        QCOMPARE(CellRaster::reduceBlocks(m, {0, 0}, {0, 6}, 2, 2).size(), Eigen::Index(0));
    }
};

QTEST_APPLESS_MAIN(TestCellGeometry)
#include "tst_cellgeometry.moc"
