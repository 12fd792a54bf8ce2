// Where the parts of a heatmap go (HeatmapLayout), with font metrics given as numbers:
// nothing overlaps, everything stays inside the target, cells are square, labels are thinned
// so they never overlap, values are shown only when "-0.0000" fits.
#include "HeatmapLayout.h"

#include <QTest>

#include <limits>

using namespace ae;

namespace {

HeatmapMetrics metrics(double columnLabelWidth = 50, bool hasHidden = false)
{
    HeatmapMetrics m;
    m.lineHeight = 16;
    m.titleHeight = 20;
    m.titleWidth = 150;
    m.operationWidth = 180;
    m.rowLabelWidth = 50;
    m.columnLabelWidth = columnLabelWidth;
    m.valueWidth = 50;
    m.valueHeight = 16;
    m.tickLabelWidth = 30;
    m.hasHidden = hasHidden;
    return m;
}

HeatmapSpec spec(Eigen::Index rows, Eigen::Index columns, bool tokens, bool texts = true)
{
    HeatmapSpec s;
    s.matrix = std::make_shared<Matrix>(Matrix::Zero(rows, columns));
    if (tokens) {
        for (Eigen::Index r = 0; r < rows; ++r)
            s.rowLabels << QStringLiteral("r%1").arg(r);
        for (Eigen::Index c = 0; c < columns; ++c)
            s.columnLabels << QStringLiteral("c%1").arg(c);
    }
    if (texts) {
        s.title = QStringLiteral("Attention weights");
        s.operation = QStringLiteral("softmax(ω / √2) : (6×6) → (6×6)");
        s.rowAxisTitle = QStringLiteral("queries");
        s.columnAxisTitle = QStringLiteral("keys");
    }
    return s;
}

// A T x T attention matrix whose axes name tokens (labelFit's token rule).
HeatmapSpec tokens(Eigen::Index count)
{
    HeatmapSpec s = spec(count, count, true);
    s.rowAxis = AxisKind::QueryTokens;
    s.columnAxis = AxisKind::KeyTokens;
    return s;
}

struct Part
{
    const char* name;
    QRectF rect;
};

std::vector<Part> partsOf(const HeatmapLayout& l)
{
    return {{"title", l.title},
            {"operation", l.operation},
            {"column axis title", l.columnAxisTitle},
            {"column labels", l.columnLabels},
            {"row axis title", l.rowAxisTitle},
            {"row labels", l.rowLabels},
            {"cells", l.cells},
            {"colour bar", l.colorBar},
            {"colour bar labels", l.colorBarLabels},
            {"hidden key", l.hiddenKey},
            {"note", l.note}};
}

} // namespace

Q_DECLARE_METATYPE(ae::HeatmapSpec)
Q_DECLARE_METATYPE(ae::HeatmapMetrics)

class TestHeatmapLayout : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void layout_data()
    {
        QTest::addColumn<HeatmapSpec>("spec");
        QTest::addColumn<HeatmapMetrics>("metrics");
        QTest::addColumn<QSizeF>("size");
        QTest::addColumn<bool>("showValues");
        QTest::addColumn<bool>("rotated");
        QTest::addColumn<int>("rowStep");
        QTest::addColumn<int>("columnStep");
        QTest::addColumn<bool>("downsampled");
        QTest::newRow("6x6, roomy: values, all labels")
            << spec(6, 6, true) << metrics() << QSizeF(600, 500) << true << false << 1 << 1
            << false;
        QTest::newRow("6x6, small: no values, rotated tokens")
            << spec(6, 6, true) << metrics() << QSizeF(300, 250) << false << true << 1 << 1
            << false;
        QTest::newRow("6x4, index columns stay horizontal")
            << spec(6, 4, false) << metrics(10) << QSizeF(500, 500) << true << false << 1 << 1
            << false;
        QTest::newRow("6x6 without titles") << spec(6, 6, true, false) << metrics()
                                            << QSizeF(600, 500) << true << false << 1 << 1 << false;
        QTest::newRow("6x6 with a hidden key")
            << spec(6, 6, true) << metrics(50, true) << QSizeF(600, 500) << true << false << 1 << 1
            << false;
        QTest::newRow("1x1") << spec(1, 1, true) << metrics() << QSizeF(300, 300) << true << false
                             << 1 << 1 << false;
        QTest::newRow("40x40 indices: thinned, horizontal")
            << spec(40, 40, false) << metrics(20) << QSizeF(500, 500) << false << false << 5 << 10
            << false;
        QTest::newRow("1024x1024 indices: downsampled")
            << spec(1024, 1024, false) << metrics(32) << QSizeF(800, 800) << false << false << 50
            << 200 << true;
        QTest::newRow("1024 tokens: rotated, thinned")
            << spec(1024, 1024, true) << metrics(60) << QSizeF(1600, 1600) << false << true << 25
            << 25 << false;
        QTest::newRow("31 tokens, 12 px cells: every label")
            << tokens(31) << metrics(60) << QSizeF(560, 500) << false << true << 1 << 1 << false;
        QTest::newRow("6x1024 strip") << spec(6, 1024, false) << metrics(32) << QSizeF(900, 400)
                                      << false << false << 1 << 100 << true;
        QTest::newRow("1024x6 column") << spec(1024, 6, false) << metrics(10) << QSizeF(400, 900)
                                       << false << false << 50 << 1 << true;
    }

    void layout()
    {
        QFETCH(HeatmapSpec, spec);
        QFETCH(HeatmapMetrics, metrics);
        QFETCH(QSizeF, size);
        QFETCH(bool, showValues);
        QFETCH(bool, rotated);
        QFETCH(int, rowStep);
        QFETCH(int, columnStep);
        QFETCH(bool, downsampled);
        const QRectF target(QPointF(7, 3), size);
        const HeatmapLayout l = HeatmapLayout::compute(spec, target, metrics);

        QCOMPARE(l.showValues, showValues);
        QCOMPARE(l.columnLabelsRotated, rotated);
        QCOMPARE(l.rowLabelStep, rowStep);
        QCOMPARE(l.columnLabelStep, columnStep);
        QCOMPARE(l.downsampled, downsampled);
        QCOMPARE(l.note.isEmpty(), !downsampled);
        QCOMPARE(l.hiddenKey.isEmpty(), !metrics.hasHidden);
        QCOMPARE(l.title.isEmpty(), spec.title.isEmpty());
        QCOMPARE(l.rowAxisTitle.isEmpty(), spec.rowAxisTitle.isEmpty());

        const std::vector<Part> parts = partsOf(l);
        for (const Part& p : parts) {
            if (p.rect.isEmpty())
                continue;
            QVERIFY2(target.contains(p.rect), p.name);
            for (const Part& q : parts)
                if (&p != &q && !q.rect.isEmpty())
                    QVERIFY2(
                        !p.rect.intersects(q.rect),
                        qPrintable(QStringLiteral("%1 overlaps %2")
                                       .arg(QLatin1StringView(p.name), QLatin1StringView(q.name))));
        }
        QCOMPARE(l.cells.width(), l.cellWidth * double(spec.matrix->cols()));
        QCOMPARE(l.cells.height(), l.cellHeight * double(spec.matrix->rows()));
        const double aspect = l.cells.width() / l.cells.height();
        const double natural = double(spec.matrix->cols()) / double(spec.matrix->rows());
        if (natural >= 1 / HeatmapLayout::MaxAreaAspect && natural <= HeatmapLayout::MaxAreaAspect)
            QVERIFY2(std::abs(l.cellWidth - l.cellHeight) <= 1, "cells are square");
        else
            QVERIFY(std::abs(std::max(aspect, 1 / aspect) - HeatmapLayout::MaxAreaAspect) < 0.1);
        // Labels never overlap: k cells hold one label and its spacing (a token label's glyphs,
        // in its font, scaled).
        const double L = metrics.lineHeight;
        const double rowNeeds = HeatmapLayout::namesTokens(spec.rowAxis)
                                    ? L * HeatmapLayout::LabelGlyphFill * l.rowLabelScale
                                    : L;
        const double columnNeeds = !rotated ? metrics.columnLabelWidth + HeatmapLayout::gap(metrics)
                                   : HeatmapLayout::namesTokens(spec.columnAxis)
                                       ? L * HeatmapLayout::LabelGlyphFill * l.columnLabelScale
                                       : L;
        QVERIFY(l.rowLabelStep * l.cellHeight >= rowNeeds - 1e-9);
        QVERIFY(l.columnLabelStep * l.cellWidth >= columnNeeds - 1e-9);
        QCOMPARE(l.showValues, HeatmapLayout::valuesFit(l.cellWidth, l.cellHeight, metrics));
        // The colour bar runs along the cells.
        QCOMPARE(l.colorBar.top(), l.cells.top());
        QVERIFY(l.colorBar.left() > l.cells.right());
    }

    void degenerate_data()
    {
        QTest::addColumn<HeatmapSpec>("spec");
        QTest::addColumn<QSizeF>("size");
        QTest::newRow("empty matrix") << spec(0, 0, false) << QSizeF(400, 300);
        QTest::newRow("no matrix at all") << HeatmapSpec() << QSizeF(400, 300);
        QTest::newRow("target smaller than the margins") << spec(6, 6, true) << QSizeF(40, 30);
        QTest::newRow("zero target") << spec(6, 6, true) << QSizeF(0, 0);
        QTest::newRow("negative target") << spec(6, 6, true) << QSizeF(-10, -10);
    }

    void degenerate()
    {
        QFETCH(HeatmapSpec, spec);
        QFETCH(QSizeF, size);
        const HeatmapLayout l =
            HeatmapLayout::compute(spec, QRectF(QPointF(0, 0), size), metrics());
        QVERIFY(l.cells.isEmpty());
        QCOMPARE(l.showValues, false);
        QCOMPARE(l.downsampled, false);
        QVERIFY(l.rowLabelStep >= 1);
        QVERIFY(l.columnLabelStep >= 1);
    }

    // A figure exported at its preferred size gets the cells it was sized for.
    void preferredSize_data()
    {
        QTest::addColumn<HeatmapSpec>("spec");
        QTest::addColumn<double>("cell");
        QTest::addColumn<bool>("showValues");
        QTest::newRow("6x6: cells fit their values") << spec(6, 6, true) << 60.0 << true;
        QTest::newRow("1x1") << spec(1, 1, true) << 60.0 << true;
        QTest::newRow("16x16 still shows values") << spec(16, 16, false) << 60.0 << true;
        QTest::newRow("17x17: smaller cells, no values") << spec(17, 17, false) << 37.0 << false;
        QTest::newRow("100x100") << spec(100, 100, false) << 6.0 << false;
        QTest::newRow("1024x1024") << spec(1024, 1024, false) << 0.625 << false;
    }

    void preferredSize()
    {
        QFETCH(HeatmapSpec, spec);
        QFETCH(double, cell);
        QFETCH(bool, showValues);
        const HeatmapMetrics m = metrics(20);
        const QSizeF size = HeatmapLayout::preferredSize(spec, m);
        QVERIFY(size.width() >= m.titleWidth + 2 * HeatmapLayout::margin(m));
        const HeatmapLayout l = HeatmapLayout::compute(spec, QRectF(QPointF(0, 0), size), m);
        QCOMPARE(l.cellWidth, cell);
        QCOMPARE(l.cellHeight, cell);
        QCOMPARE(l.showValues, showValues);
        const double limit =
            showValues ? HeatmapLayout::MaxPreferredValueExtent : HeatmapLayout::MaxPreferredExtent;
        QVERIFY(l.cells.width() <= limit);
        QVERIFY(l.cells.height() <= limit);
    }

    void preferredStrip()
    {
        const HeatmapMetrics m = metrics(32);
        const HeatmapSpec s = spec(6, 1024, false);
        const HeatmapLayout l =
            HeatmapLayout::compute(s, QRectF(QPointF(0, 0), HeatmapLayout::preferredSize(s, m)), m);
        QCOMPARE(l.cells.width(), HeatmapLayout::MaxPreferredExtent);
        // Rows snap to whole pixels: 26 px instead of 26.7.
        QVERIFY(std::abs(l.cells.width() / l.cells.height() - HeatmapLayout::MaxAreaAspect) < 0.15);
    }

    void labelStep_data()
    {
        QTest::addColumn<double>("cell");
        QTest::addColumn<double>("label");
        QTest::addColumn<int>("expected");
        QTest::newRow("fits") << 20.0 << 16.0 << 1;
        QTest::newRow("exactly fits") << 16.0 << 16.0 << 1;
        QTest::newRow("a bit too small: 1.8 x 16 / 15 = 1.92 -> 2") << 15.0 << 16.0 << 2;
        QTest::newRow("2.88 -> 5") << 10.0 << 16.0 << 5;
        QTest::newRow("23 -> 25") << 1.25 << 16.0 << 25;
        QTest::newRow("1024 rows in 640 px") << 0.625 << 17.0 << 50;
        QTest::newRow("no cells") << 0.0 << 16.0 << std::numeric_limits<int>::max();
        QTest::newRow("no label") << 5.0 << 0.0 << 1;
    }

    void labelStep()
    {
        QFETCH(double, cell);
        QFETCH(double, label);
        QFETCH(int, expected);
        QCOMPARE(HeatmapLayout::labelStep(cell, label), expected);
    }

    // A title wider than the target takes two lines (the head view's "Layer 1: where “␣cat”
    // (token 28) attends, per head" was cut at 1280x720); one that fits keeps one.
    void longTitleTakesTwoLines()
    {
        HeatmapMetrics m = metrics();
        const HeatmapSpec s = tokens(6);
        const QRectF target(0, 0, 300, 400);
        const HeatmapLayout fits = HeatmapLayout::compute(s, target, m);
        QCOMPARE(fits.title.height(), m.titleHeight);
        m.titleWidth = 400;
        const HeatmapLayout wraps = HeatmapLayout::compute(s, target, m);
        QCOMPARE(wraps.title.height(), 2 * m.titleHeight);
        QVERIFY(wraps.operation.top() >= wraps.title.bottom());
        QVERIFY(wraps.cells.top() >= fits.cells.top());
    }

    void labelFit_data()
    {
        QTest::addColumn<double>("cell");
        QTest::addColumn<double>("label");
        QTest::addColumn<bool>("tokens");
        QTest::addColumn<int>("step");
        QTest::addColumn<double>("scale");
        QTest::newRow("fits") << 16.0 << 16.0 << true << 1 << 1.0;
        QTest::newRow("the glyphs fit: 13 of 16") << 13.0 << 16.0 << true << 1 << 1.0;
        // The newcomer's T = 31 at 1280x720: 12 px rows, 15 px lines, every fifth label.
        QTest::newRow("12 px rows, 15 px lines") << 12.0 << 15.0 << true << 1 << 1.0;
        QTest::newRow("11 of 16: a smaller font") << 11.0 << 16.0 << true << 1 << 11.0 / 12.8;
        QTest::newRow("10 of 16: every second") << 10.0 << 16.0 << true << 2 << 1.0;
        QTest::newRow("8 of 16: every third, 1.25 lines apart") << 8.0 << 16.0 << true << 3 << 1.0;
        QTest::newRow("1024 rows in 640 px: every 34th") << 0.625 << 17.0 << true << 34 << 1.0;
        QTest::newRow("indices are thinned nicely") << 10.0 << 16.0 << false << 5 << 1.0;
        QTest::newRow("no cells") << 0.0 << 16.0 << true << std::numeric_limits<int>::max() << 1.0;
    }

    void labelFit()
    {
        QFETCH(double, cell);
        QFETCH(double, label);
        QFETCH(bool, tokens);
        QFETCH(int, step);
        QFETCH(double, scale);
        const HeatmapLayout::LabelFit fit = HeatmapLayout::labelFit(cell, label, tokens);
        QCOMPARE(fit.step, step);
        QVERIFY2(std::abs(fit.scale - scale) < 1e-9, qPrintable(QString::number(fit.scale)));
        QVERIFY(fit.scale >= HeatmapLayout::MinLabelScale);
    }

    void valuesFit_data()
    {
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("height");
        QTest::addColumn<bool>("expected");
        // valueWidth 50, valueHeight 16, padding max(3, 0.3 x 16) = 5
        QTest::newRow("room to spare") << 80.0 << 40.0 << true;
        QTest::newRow("exactly") << 60.0 << 21.0 << true;
        QTest::newRow("too narrow") << 59.0 << 40.0 << false;
        QTest::newRow("too low") << 80.0 << 20.0 << false;
        QTest::newRow("nothing") << 0.0 << 0.0 << false;
    }

    void valuesFit()
    {
        QFETCH(double, width);
        QFETCH(double, height);
        QFETCH(bool, expected);
        QCOMPARE(HeatmapLayout::valuesFit(width, height, metrics()), expected);
    }
};

QTEST_APPLESS_MAIN(TestHeatmapLayout)
#include "tst_heatmaplayout.moc"
