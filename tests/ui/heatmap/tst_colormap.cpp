// Value -> colour (ColorMap) and colour-bar ticks (ScaleTicks): plain arithmetic, no GUI.
#include "ColorMap.h"
#include "ScaleTicks.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace ae;

namespace {

constexpr float Inf = std::numeric_limits<float>::infinity();
constexpr float NaN = std::numeric_limits<float>::quiet_NaN();
using Ticks = std::vector<double>;
using Range = std::optional<std::pair<float, float>>;

double luminance(QRgb c)
{
    return 0.2126 * qRed(c) + 0.7152 * qGreen(c) + 0.0722 * qBlue(c);
}

Matrix matrixOf(Eigen::Index rows, Eigen::Index cols, std::initializer_list<float> values)
{
    Matrix m(rows, cols);
    Eigen::Index i = 0;
    for (const float v : values)
        m.data()[i++] = v;
    return m;
}

} // namespace

Q_DECLARE_METATYPE(ae::ColorScheme)
Q_DECLARE_METATYPE(Range)

class TestColorMap : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void index_data()
    {
        QTest::addColumn<ColorScheme>("scheme");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("expected");
        const auto D = ColorScheme::Diverging, S = ColorScheme::Sequential, M = ColorScheme::Mask;
        QTest::newRow("diverging: 0 is the centre") << D << -2.0 << 2.0 << 0.0f << 128;
        QTest::newRow("diverging: negative zero too") << D << -2.0 << 2.0 << -0.0f << 128;
        QTest::newRow("diverging: +max") << D << -2.0 << 2.0 << 2.0f << 255;
        QTest::newRow("diverging: -max") << D << -2.0 << 2.0 << -2.0f << 1;
        QTest::newRow("diverging: half") << D << -2.0 << 2.0 << 1.0f << 192;
        QTest::newRow("diverging: -half") << D << -2.0 << 2.0 << -1.0f << 64;
        QTest::newRow("diverging: beyond the range clamps") << D << -2.0 << 2.0 << 50.0f << 255;
        QTest::newRow("diverging: asymmetric range is symmetrised")
            << D << -1.0 << 4.0 << -4.0f << 1;
        QTest::newRow("diverging: empty range becomes +-1") << D << 0.0 << 0.0 << 1.0f << 255;
        QTest::newRow("diverging: NaN range becomes +-1") << D << double(NaN) << 3.0 << -1.0f << 1;
        QTest::newRow("diverging: huge scale") << D << -3e38 << 3e38 << 1.5e38f << 192;
        QTest::newRow("diverging: subnormal scale")
            << D << double(-1e-44f) << double(1e-44f) << 1e-44f << 255;
        QTest::newRow("diverging: -inf has no colour")
            << D << -2.0 << 2.0 << -Inf << ColorMap::NoIndex;
        QTest::newRow("diverging: +inf has no colour")
            << D << -2.0 << 2.0 << Inf << ColorMap::NoIndex;
        QTest::newRow("diverging: NaN has no colour")
            << D << -2.0 << 2.0 << NaN << ColorMap::NoIndex;
        QTest::newRow("sequential: 0") << S << 0.0 << 1.0 << 0.0f << 0;
        QTest::newRow("sequential: 1") << S << 0.0 << 1.0 << 1.0f << 255;
        QTest::newRow("sequential: half rounds up") << S << 0.0 << 1.0 << 0.5f << 128;
        QTest::newRow("sequential: below clamps") << S << 0.0 << 1.0 << -3.0f << 0;
        QTest::newRow("sequential: above clamps") << S << 0.0 << 1.0 << 7.0f << 255;
        QTest::newRow("sequential: reversed range") << S << 1.0 << 0.0 << 1.0f << 255;
        QTest::newRow("sequential: constant range gets one unit") << S << 3.0 << 3.0 << 3.0f << 0;
        QTest::newRow("sequential: span overflowing float") << S << -3e38 << 3e38 << 3e38f << 255;
        QTest::newRow("sequential: -inf has no colour")
            << S << 0.0 << 1.0 << -Inf << ColorMap::NoIndex;
        QTest::newRow("mask: 0 visible") << M << 0.0 << 1.0 << 0.0f << 0;
        QTest::newRow("mask: -0 visible") << M << 0.0 << 1.0 << -0.0f << 0;
        QTest::newRow("mask: 1 hidden") << M << 0.0 << 1.0 << 1.0f << 255;
        QTest::newRow("mask: any non-zero hidden") << M << 0.0 << 1.0 << 0.25f << 255;
        QTest::newRow("mask: range is ignored") << M << 5.0 << 9.0 << 1.0f << 255;
        QTest::newRow("mask: NaN has no colour") << M << 0.0 << 1.0 << NaN << ColorMap::NoIndex;
    }

    void index()
    {
        QFETCH(ColorScheme, scheme);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(float, value);
        QFETCH(int, expected);
        const ColorMap map(scheme, low, high);
        QCOMPARE(map.index(value), expected);
        if (expected == ColorMap::NoIndex)
            QCOMPARE(map.color(value), ColorMap::hiddenColor());
        else
            QCOMPARE(map.color(value), map.colorAt(expected));
    }

    void rangeFromData_data()
    {
        QTest::addColumn<ColorScheme>("scheme");
        QTest::addColumn<Matrix>("matrix");
        QTest::addColumn<Range>("range");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        const auto D = ColorScheme::Diverging, S = ColorScheme::Sequential;
        QTest::newRow("diverging: max |value|")
            << D << matrixOf(2, 2, {-1, 0.5f, 3, 0}) << Range{} << -3.0 << 3.0;
        QTest::newRow("diverging: non-finite ignored")
            << D << matrixOf(1, 4, {-Inf, 2, NaN, Inf}) << Range{} << -2.0 << 2.0;
        QTest::newRow("diverging: constant")
            << D << matrixOf(2, 2, {-2, -2, -2, -2}) << Range{} << -2.0 << 2.0;
        QTest::newRow("diverging: all zero")
            << D << Matrix(Matrix::Zero(3, 3)) << Range{} << -1.0 << 1.0;
        QTest::newRow("diverging: negative zeros")
            << D << matrixOf(1, 2, {-0.0f, -0.0f}) << Range{} << -1.0 << 1.0;
        QTest::newRow("diverging: empty") << D << Matrix(0, 0) << Range{} << -1.0 << 1.0;
        QTest::newRow("diverging: nothing finite")
            << D << matrixOf(1, 2, {-Inf, NaN}) << Range{} << -1.0 << 1.0;
        QTest::newRow("diverging: 1x1") << D << matrixOf(1, 1, {0.25f}) << Range{} << -0.25 << 0.25;
        QTest::newRow("diverging: fixed range wins")
            << D << matrixOf(1, 2, {-9, 9}) << Range{{-1.0f, 2.0f}} << -2.0 << 2.0;
        QTest::newRow("diverging: non-finite fixed range ignored")
            << D << matrixOf(1, 2, {-9, 1}) << Range{{-Inf, 2.0f}} << -9.0 << 9.0;
        QTest::newRow("sequential: starts at 0")
            << S << matrixOf(1, 3, {0.1f, 0.7f, 0.2f}) << Range{} << 0.0 << double(0.7f);
        QTest::newRow("sequential: negative data")
            << S << matrixOf(1, 2, {-2, -1}) << Range{} << -2.0 << 0.0;
        QTest::newRow("sequential: all zero")
            << S << Matrix(Matrix::Zero(2, 2)) << Range{} << 0.0 << 1.0;
        QTest::newRow("sequential: weights range")
            << S << matrixOf(1, 2, {0.1f, 0.2f}) << Range{{0.0f, 1.0f}} << 0.0 << 1.0;
        Matrix huge = Matrix::Constant(1024, 1024, 0.5f);
        huge(1023, 1023) = -7;
        QTest::newRow("diverging: 1024x1024, extreme in the last cell")
            << D << huge << Range{} << -7.0 << 7.0;
    }

    void rangeFromData()
    {
        QFETCH(ColorScheme, scheme);
        QFETCH(Matrix, matrix);
        QFETCH(Range, range);
        QFETCH(double, low);
        QFETCH(double, high);
        const ColorMap map = ColorMap::forMatrix(scheme, matrix, range);
        QCOMPARE(map.low(), low);
        QCOMPARE(map.high(), high);
    }

    void forSpecWithoutMatrix()
    {
        HeatmapSpec spec;
        spec.scheme = ColorScheme::Sequential;
        const ColorMap map = ColorMap::forSpec(spec);
        QCOMPARE(map.low(), 0.0);
        QCOMPARE(map.high(), 1.0);
    }

    void tables()
    {
        const ColorMap diverging(ColorScheme::Diverging, -1, 1);
        QCOMPARE(diverging.colorAt(ColorMap::DivergingCenter), qRgb(255, 255, 255));
        QCOMPARE(diverging.colorAt(0), diverging.colorAt(1));
        QVERIFY(qBlue(diverging.colorAt(1)) > qRed(diverging.colorAt(1)));
        QVERIFY(qRed(diverging.colorAt(255)) > qBlue(diverging.colorAt(255)));
        // Luminance rises to the white centre and falls after it: the scale reads as "how far from
        // 0".
        for (int i = 2; i <= 128; ++i)
            QVERIFY2(luminance(diverging.colorAt(i)) >= luminance(diverging.colorAt(i - 1)),
                     qPrintable(QString::number(i)));
        for (int i = 129; i < 256; ++i)
            QVERIFY2(luminance(diverging.colorAt(i)) <= luminance(diverging.colorAt(i - 1)),
                     qPrintable(QString::number(i)));

        const ColorMap sequential(ColorScheme::Sequential, 0, 1);
        QCOMPARE(sequential.colorAt(0), qRgb(255, 255, 255));
        for (int i = 1; i < 256; ++i)
            QVERIFY2(luminance(sequential.colorAt(i)) <= luminance(sequential.colorAt(i - 1)),
                     qPrintable(QString::number(i)));
        for (int i = 16; i < 256; i += 16)
            QVERIFY(luminance(sequential.colorAt(i)) < luminance(sequential.colorAt(i - 16)));

        const ColorMap mask(ColorScheme::Mask, 0, 1);
        QCOMPARE(mask.colorAt(0), qRgb(255, 255, 255));
        QVERIFY(luminance(mask.colorAt(255)) < 200);
        QCOMPARE(mask.colorAt(127), mask.colorAt(0));
        QCOMPARE(mask.colorAt(128), mask.colorAt(255));
        // Hidden cells are not a colour of any scale.
        for (const ColorMap* map : {&diverging, &sequential, &mask})
            for (const QRgb c : map->table())
                QVERIFY(c != ColorMap::hiddenColor());
    }

    void valueAtInvertsIndex_data()
    {
        QTest::addColumn<ColorScheme>("scheme");
        QTest::addColumn<int>("first");
        QTest::newRow("diverging") << ColorScheme::Diverging << 1;
        QTest::newRow("sequential") << ColorScheme::Sequential << 0;
    }

    void valueAtInvertsIndex()
    {
        QFETCH(ColorScheme, scheme);
        QFETCH(int, first);
        const ColorMap map(scheme, -0.75, 3.5);
        for (int i = first; i < ColorMap::Size; ++i)
            QCOMPARE(map.index(float(map.valueAt(i))), i);
    }

    void textColor_data()
    {
        QTest::addColumn<QRgb>("background");
        QTest::addColumn<bool>("lightText");
        QTest::newRow("white") << qRgb(255, 255, 255) << false;
        QTest::newRow("black") << qRgb(0, 0, 0) << true;
        QTest::newRow("darkest weight")
            << ColorMap(ColorScheme::Sequential, 0, 1).colorAt(255) << true;
        QTest::newRow("palest weight")
            << ColorMap(ColorScheme::Sequential, 0, 1).colorAt(20) << false;
        QTest::newRow("strongest negative")
            << ColorMap(ColorScheme::Diverging, -1, 1).colorAt(1) << true;
        QTest::newRow("strongest positive")
            << ColorMap(ColorScheme::Diverging, -1, 1).colorAt(255) << true;
        QTest::newRow("mask hidden grey")
            << ColorMap(ColorScheme::Mask, 0, 1).colorAt(255) << false;
        QTest::newRow("hatched cell") << ColorMap::hiddenColor() << false;
    }

    void textColor()
    {
        QFETCH(QRgb, background);
        QFETCH(bool, lightText);
        const QRgb text = ColorMap::textColorOn(background);
        QCOMPARE(luminance(text) > 128, lightText);
    }

    void ticks_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<int>("maxCount");
        QTest::addColumn<Ticks>("expected");
        QTest::addColumn<QStringList>("labels");
        QTest::newRow("weights, 6") << 0.0 << 1.0 << 6 << Ticks{0, 0.2, 0.4, 0.6, 0.8, 1.0}
                                    << QStringList{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"};
        QTest::newRow("weights, 3")
            << 0.0 << 1.0 << 3 << Ticks{0, 0.5, 1.0} << QStringList{"0.0", "0.5", "1.0"};
        QTest::newRow("symmetric with zero")
            << -0.3 << 0.3 << 7 << Ticks{-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3}
            << QStringList{"−0.3", "−0.2", "−0.1", "0.0", "0.1", "0.2", "0.3"};
        QTest::newRow("steps of 2.5") << 0.0 << 10.0 << 5 << Ticks{0, 2.5, 5, 7.5, 10}
                                      << QStringList{"0.0", "2.5", "5.0", "7.5", "10.0"};
        QTest::newRow("finest step that fits, ends unlabelled")
            << -5.0 << 5.0 << 5 << Ticks{-4, -2, 0, 2, 4} << QStringList{"−4", "−2", "0", "2", "4"};
        QTest::newRow("steps of 25, no decimals") << 0.0 << 100.0 << 5 << Ticks{0, 25, 50, 75, 100}
                                                  << QStringList{"0", "25", "50", "75", "100"};
        QTest::newRow("ends between ticks")
            << -1.99 << 1.99 << 5 << Ticks{-1, 0, 1} << QStringList{"−1", "0", "1"};
        QTest::newRow("reversed") << 1.0 << 0.0 << 3 << Ticks{0, 0.5, 1.0}
                                  << QStringList{"0.0", "0.5", "1.0"};
        QTest::newRow("constant") << 2.0 << 2.0 << 5 << Ticks{2} << QStringList{"2"};
        QTest::newRow("one tick") << 0.0 << 1.0 << 1 << Ticks{0} << QStringList{"0"};
        QTest::newRow("no ticks") << 0.0 << 1.0 << 0 << Ticks{} << QStringList{};
        QTest::newRow("non-finite") << double(-Inf) << 1.0 << 5 << Ticks{} << QStringList{};
        QTest::newRow("huge") << -3e38 << 3e38 << 3 << Ticks{-2e38, 0, 2e38}
                              << QStringList{"−2e+38", "0", "2e+38"};
        QTest::newRow("tiny") << 0.0 << 2e-6 << 3 << Ticks{0, 1e-6, 2e-6}
                              << QStringList{"0", "1e-06", "2e-06"};
    }

    void ticks()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(int, maxCount);
        QFETCH(Ticks, expected);
        QFETCH(QStringList, labels);
        const ScaleTicks ticks = ScaleTicks::forRange(low, high, maxCount);
        QCOMPARE(int(ticks.values.size()), int(expected.size()));
        QVERIFY(int(ticks.values.size()) <= std::max(maxCount, 0));
        QStringList actual;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QVERIFY2(std::abs(ticks.values[i] - expected[i]) <=
                         1e-9 * std::max(1.0, std::abs(expected[i])),
                     qPrintable(QStringLiteral("tick %1: %2").arg(i).arg(ticks.values[i])));
            actual << ticks.label(ticks.values[i]);
        }
        QCOMPARE(actual, labels);
    }
};

QTEST_APPLESS_MAIN(TestColorMap)
#include "tst_colormap.moc"
