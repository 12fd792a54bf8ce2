// ColorScale and the Sequential ColorMap on it, without a GUI: value (and row) -> fraction
// -> table entry for every ScaleMode, the bar's ends and ticks.
#include "ColorBarPainter.h"
#include "ColorMap.h"
#include "ColorScale.h"
#include "MatrixStats.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace ae;

namespace {

// Causal-looking weights: row 0 sees one key, row 2 three, spread thinly.
Matrix weights()
{
    Matrix m(3, 4);
    m << 1.0f, 0.0f, 0.0f, 0.0f, //
        0.6f, 0.4f, 0.0f, 0.0f,  //
        0.02f, 0.01f, 0.005f, 0.0f;
    return m;
}

ColorScale scaleOf(ScaleMode mode, std::optional<std::pair<float, float>> range = std::nullopt)
{
    const Matrix m = weights();
    return ColorScale::of(mode, m, MatrixStats::of(m), range);
}

constexpr float Inf = std::numeric_limits<float>::infinity();

} // namespace

class TestColorScale : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void index_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("fixedRange"); // the spec's 0..0.5 range
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("index");
        const int fixed = int(ScaleMode::Fixed), automatic = int(ScaleMode::Automatic);
        const int log = int(ScaleMode::Logarithmic), perRow = int(ScaleMode::PerRow);
        QTest::newRow("fixed: 0 is white") << fixed << true << 0.0f << 0 << 0;
        QTest::newRow("fixed: the top of the range") << fixed << true << 0.5f << 0 << 255;
        QTest::newRow("fixed: above the range clamps") << fixed << true << 1.0f << 0 << 255;
        QTest::newRow("fixed: half way") << fixed << true << 0.25f << 1 << 128;
        QTest::newRow("fixed without a range: the data's") << fixed << false << 0.5f << 0 << 128;
        QTest::newRow("automatic: the largest is darkest") << automatic << true << 1.0f << 2 << 255;
        QTest::newRow("automatic: the range is ignored") << automatic << true << 0.5f << 0 << 128;
        QTest::newRow("log: the largest") << log << false << 1.0f << 0 << 255;
        QTest::newRow("log: one decade down") << log << false << 0.1f << 0 << 191;
        QTest::newRow("log: three decades down") << log << false << 0.001f << 2 << 64;
        QTest::newRow("log: the floor") << log << false << 0.0001f << 2 << 0;
        QTest::newRow("log: 0 is white") << log << false << 0.0f << 1 << 0;
        QTest::newRow("log: negative is white") << log << false << -1.0f << 1 << 0;
        QTest::newRow("per row: row 0's largest") << perRow << false << 1.0f << 0 << 255;
        QTest::newRow("per row: row 2's largest") << perRow << false << 0.02f << 2 << 255;
        QTest::newRow("per row: half of row 2's") << perRow << false << 0.01f << 2 << 128;
        QTest::newRow("per row: the same value in row 0") << perRow << false << 0.01f << 0 << 3;
        QTest::newRow("per row: 0 is white") << perRow << false << 0.0f << 2 << 0;
        QTest::newRow("per row: no row: the matrix's largest")
            << perRow << false << 0.5f << -1 << 128;
        QTest::newRow("per row: -inf is hidden")
            << perRow << false << -Inf << 1 << int(ColorMap::NoIndex);
        QTest::newRow("log: NaN is hidden")
            << log << false << std::numeric_limits<float>::quiet_NaN() << 1
            << int(ColorMap::NoIndex);
    }

    void index()
    {
        QFETCH(int, mode);
        QFETCH(bool, fixedRange);
        QFETCH(float, value);
        QFETCH(int, row);
        QFETCH(int, index);
        const ColorMap colors(scaleOf(
            ScaleMode(mode), fixedRange ? std::optional(std::pair{0.0f, 0.5f}) : std::nullopt));
        QCOMPARE(colors.scheme(), ColorScheme::Sequential);
        QCOMPARE(colors.index(value, row), index);
        if (index != ColorMap::NoIndex)
            QCOMPARE(colors.color(value, row), colors.colorAt(index));
    }

    void barEnds_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::newRow("automatic") << int(ScaleMode::Automatic) << 0.0 << 1.0;
        QTest::newRow("log: four decades") << int(ScaleMode::Logarithmic) << 1e-4 << 1.0;
        QTest::newRow("per row: fractions of the row's largest")
            << int(ScaleMode::PerRow) << 0.0 << 1.0;
    }

    void barEnds()
    {
        QFETCH(int, mode);
        QFETCH(double, low);
        QFETCH(double, high);
        const ColorScale scale = scaleOf(ScaleMode(mode));
        QCOMPARE(scale.low, low);
        QCOMPARE(scale.high, high);
        QCOMPARE(scale.fraction(scale.valueAt(0.25)), 0.25);
    }

    void logTicksAreDecades()
    {
        const ColorMap colors(scaleOf(ScaleMode::Logarithmic));
        const auto ticks = ColorBarPainter::ticks(colors, 11);
        QStringList labels;
        for (const auto& [value, label] : ticks)
            labels << label;
        QCOMPARE(labels,
                 (QStringList{QStringLiteral("0.0001"), QStringLiteral("0.001"),
                              QStringLiteral("0.01"), QStringLiteral("0.1"), QStringLiteral("1")}));
        QCOMPARE(ColorBarPainter::ticks(colors, 3).size(),
                 std::size_t(3)); // thinned: 0.0001, 0.01, 1
    }

    // A per-row bar's ticks are shares of each row's maximum, never weights: "0.9" under
    // "max" made a row's largest weight of 0.31 read as 1.0.
    void perRowTicksArePercentagesOfTheRowMax()
    {
        const ColorMap colors(scaleOf(ScaleMode::PerRow));
        const auto ticks = ColorBarPainter::ticks(colors, 3);
        QCOMPARE(ticks.back().first, 1.0);
        QCOMPARE(colors.fraction(1.0), 1.0); // the top of the bar, whatever the rows' maxima
        QCOMPARE(colors.fraction(0.5), 0.5);
        QStringList labels;
        for (const auto& [value, label] : ticks)
            labels << label;
        QCOMPARE(labels, (QStringList{QStringLiteral("0%"), QStringLiteral("50%"),
                                      QStringLiteral("100%")}));
    }

    // Every scale of the weights says which it is above its bar; other schemes need not.
    void captionSaysTheScale_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("caption");
        QTest::newRow("per row") << int(ScaleMode::PerRow) << QStringLiteral("per row");
        QTest::newRow("automatic") << int(ScaleMode::Automatic) << QStringLiteral("0 to max");
        QTest::newRow("fixed") << int(ScaleMode::Fixed) << QStringLiteral("fixed");
        QTest::newRow("log") << int(ScaleMode::Logarithmic) << QStringLiteral("log");
    }

    void captionSaysTheScale()
    {
        QFETCH(int, mode);
        QFETCH(QString, caption);
        QCOMPARE(ColorBarPainter::scaleCaption(ColorMap(scaleOf(ScaleMode(mode)))), caption);
        QVERIFY(ColorBarPainter::scaleCaption(ColorMap(ColorScheme::Diverging, -1, 1)).isEmpty());
    }

    // A gradient stop at a fraction is the table entry a value at that fraction gets.
    void colorAtFractionMatchesIndex()
    {
        const ColorMap sequential(scaleOf(ScaleMode::Automatic));
        QCOMPARE(sequential.colorAtFraction(0.5), sequential.colorAt(sequential.index(0.5f)));
        const ColorMap diverging(ColorScheme::Diverging, -2, 2);
        QCOMPARE(diverging.colorAtFraction(0.5), diverging.colorAt(ColorMap::DivergingCenter));
        QCOMPARE(diverging.colorAtFraction(0.0), diverging.color(-2.0f));
        QCOMPARE(diverging.colorAtFraction(1.0), diverging.color(2.0f));
    }
};

QTEST_MAIN(TestColorScale)
#include "tst_colorscale.moc"
