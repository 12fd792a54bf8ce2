// How values are written: in cells (PyTorch's decimals, typographic minus, −∞), in CSV
// (exact round trip), and the tooltip text of a cell.
#include "FigureCsv.h"
#include "ValueText.h"

#include <QTest>

#include <cmath>
#include <cstdlib>
#include <limits>

using namespace ae;

namespace {

constexpr float Inf = std::numeric_limits<float>::infinity();

} // namespace

class TestValueText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cellText_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("expected");
        QTest::newRow("weight") << 0.1921f << 4 << QStringLiteral("0.1921");
        QTest::newRow("negative, true minus sign") << -1.2621f << 4 << QStringLiteral("−1.2621");
        QTest::newRow("negative zero, as PyTorch") << -0.0f << 4 << QStringLiteral("−0.0000");
        QTest::newRow("rounds to negative zero") << -0.00001f << 4 << QStringLiteral("−0.0000");
        QTest::newRow("zero") << 0.0f << 4 << QStringLiteral("0.0000");
        QTest::newRow("no decimals") << 1.0f << 0 << QStringLiteral("1");
        QTest::newRow("large") << 12345.5f << 2 << QStringLiteral("12345.50");
        QTest::newRow("-inf") << -Inf << 4 << QStringLiteral("−∞");
        QTest::newRow("+inf") << Inf << 4 << QStringLiteral("∞");
        QTest::newRow("NaN") << std::numeric_limits<float>::quiet_NaN() << 4
                             << QStringLiteral("nan");
    }

    void cellText()
    {
        QFETCH(float, value);
        QFETCH(int, decimals);
        QFETCH(QString, expected);
        QCOMPARE(ae::cellText(value, decimals), expected);
    }

    void csvText_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("short") << 0.1f << QStringLiteral("0.1");
        QTest::newRow("all digits") << 0.19213f << QStringLiteral("0.19213");
        QTest::newRow("negative zero") << -0.0f << QStringLiteral("-0");
        QTest::newRow("-inf") << -Inf << QStringLiteral("-inf");
        QTest::newRow("+inf") << Inf << QStringLiteral("inf");
        QTest::newRow("NaN") << std::numeric_limits<float>::quiet_NaN() << QStringLiteral("nan");
        QTest::newRow("smallest subnormal")
            << std::numeric_limits<float>::denorm_min() << QStringLiteral("1e-45");
        QTest::newRow("largest") << std::numeric_limits<float>::max()
                                 << QStringLiteral("3.4028235e+38");
    }

    void csvText()
    {
        QFETCH(float, value);
        QFETCH(QString, expected);
        const QString text = ae::csvText(value);
        QCOMPARE(text, expected);
        if (std::isfinite(value)) // reads back as the same float
            QCOMPARE(std::strtof(text.toLatin1().constData(), nullptr), value);
    }

    void widest_data()
    {
        QTest::addColumn<Matrix>("matrix");
        QTest::addColumn<QString>("expected");
        Matrix m(2, 2);
        m << 0.5f, -12.25f, -Inf, 3;
        QTest::newRow("largest magnitude, negated") << m << QStringLiteral("−12.2500");
        QTest::newRow("empty") << Matrix(0, 0) << QStringLiteral("−0.0000");
    }

    void widest()
    {
        QFETCH(Matrix, matrix);
        QFETCH(QString, expected);
        QCOMPARE(widestCellText(matrix, 4), expected);
    }

    void csvField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << QStringLiteral("dessert") << QStringLiteral("dessert");
        QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"")
                               << QStringLiteral("\"say \"\"hi\"\"\"");
        QTest::newRow("line break") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
        QTest::newRow("outer space") << QStringLiteral(" a") << QStringLiteral("\" a\"");
        QTest::newRow("empty") << QString() << QString();
    }

    void csvField()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(FigureCsv::field(text), expected);
    }

    void description_data()
    {
        QTest::addColumn<bool>("withExplain");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("expected");
        // The explanation is a sentence that states the value; without one, the figure's words.
        QTest::newRow("explanation") << true << 1 << 0 << QStringLiteral("row 1 col 0");
        QTest::newRow("no explanation")
            << false << 0 << 1 << QStringLiteral("Attention weights α, query Life, key 1: −∞");
        QTest::newRow("outside the matrix") << true << 2 << 0 << QString();
        QTest::newRow("negative index") << true << -1 << 0 << QString();
    }

    void description()
    {
        QFETCH(bool, withExplain);
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, expected);
        Matrix m(2, 2);
        m << 0.5f, -Inf, 0.0386f, 0.9614f;
        HeatmapSpec spec;
        spec.tensorName = QStringLiteral("attn_weights");
        spec.title = QStringLiteral("Attention weights α");
        spec.rowAxisTitle = QStringLiteral("query");
        spec.columnAxisTitle = QStringLiteral("key");
        spec.matrix = std::make_shared<Matrix>(m);
        spec.rowLabels = QStringList{QStringLiteral("Life"), QStringLiteral("is")};
        spec.columnLabels = QStringList{QStringLiteral("Life")}; // shorter: the index is shown
        if (withExplain)
            spec.explain = [](Eigen::Index r, Eigen::Index c) {
                return QStringLiteral("row %1 col %2").arg(r).arg(c);
            };
        QCOMPARE(cellDescription(spec, row, column), expected);
    }
};

QTEST_APPLESS_MAIN(TestValueText)
#include "tst_valuetext.moc"
