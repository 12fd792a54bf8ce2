// The row softmax in both arithmetics: PyTorch's formula on ordinary rows, and no NaN
// for any input.
#include "Softmax.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace ae;

namespace {

constexpr float Inf = std::numeric_limits<float>::infinity();
using Row = std::vector<float>;

struct RowCase
{
    const char* name;
    Row scores;
    int visible;
    float divisor;
    Row expected;
};

const std::vector<RowCase>& rowCases()
{
    static const std::vector<RowCase> cases{
        {"uniform", {1, 1, 1, 1}, 4, 1.0f, {0.25f, 0.25f, 0.25f, 0.25f}},
        {"article alpha_2 row",
         {-0.6004f, 3.4707f, -1.5023f, 0.4991f, 1.2903f, -1.3374f},
         6,
         std::sqrt(2.0f),
         {0.0386f, 0.6870f, 0.0204f, 0.0840f, 0.1470f, 0.0229f}},
        {"causal row: hidden cells are 0", {0, 0, 5, 7}, 2, 1.0f, {0.5f, 0.5f, 0, 0}},
        {"twelve cells, lanes wrap",
         {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
         12,
         1.0f,
         Row(12, 1.0f / 12)},
        {"all -inf but one", {-Inf, 3, -Inf}, 3, 1.0f, {0, 1, 0}},
        {"huge positive scores", {1e30f, 1e30f, -1e30f}, 3, 1.0f, {0.5f, 0.5f, 0}},
        {"huge spread overflows the difference", {3e38f, -3e38f}, 2, 1.0f, {1, 0}},
        {"+inf shares the weight", {Inf, 1, Inf}, 3, 1.0f, {0.5f, 0, 0.5f}},
        {"NaN counts as -inf", {std::nanf(""), 2}, 2, 1.0f, {0, 1}},
        {"fully masked row is empty, not NaN", {-Inf, -Inf}, 2, 1.0f, {0, 0}},
        {"nothing visible", {1, 2}, 0, 1.0f, {0, 0}},
        {"tiny divisor", {1, 2}, 2, 1e-30f, {0, 1}},
    };
    return cases;
}

const char* arithmeticName(Arithmetic a)
{
    return a == Arithmetic::TorchOrder ? "torch order" : "fast";
}

} // namespace

Q_DECLARE_METATYPE(ae::Arithmetic)

class TestSoftmax : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rows_data()
    {
        QTest::addColumn<Row>("scores");
        QTest::addColumn<int>("visible");
        QTest::addColumn<float>("divisor");
        QTest::addColumn<Row>("expected");
        QTest::addColumn<Arithmetic>("arithmetic");
        for (const Arithmetic arithmetic : {Arithmetic::TorchOrder, Arithmetic::Fast})
            for (const RowCase& c : rowCases())
                QTest::addRow("%s, %s", c.name, arithmeticName(arithmetic))
                    << c.scores << c.visible << c.divisor << c.expected << arithmetic;
    }

    void rows()
    {
        QFETCH(Row, scores);
        QFETCH(int, visible);
        QFETCH(float, divisor);
        QFETCH(Row, expected);
        QFETCH(Arithmetic, arithmetic);
        Row out(scores.size(), -1);
        softmaxRow(scores.data(), out.data(), std::int64_t(scores.size()), visible, divisor,
                   arithmetic);
        for (std::size_t j = 0; j < out.size(); ++j) {
            QVERIFY2(std::isfinite(out[j]),
                     qPrintable(QStringLiteral("cell %1 is %2").arg(j).arg(out[j])));
            QVERIFY2(std::fabs(out[j] - expected[j]) <= 1e-4f,
                     qPrintable(QStringLiteral("cell %1: %2, expected %3")
                                    .arg(j)
                                    .arg(out[j])
                                    .arg(expected[j])));
        }
    }

    void renormalizedEqualsMasked_data()
    {
        QTest::addColumn<Row>("scores");
        QTest::addColumn<Arithmetic>("arithmetic");
        for (const Arithmetic arithmetic : {Arithmetic::TorchOrder, Arithmetic::Fast}) {
            QTest::addRow("article row 3, %s", arithmeticName(arithmetic))
                << Row{0.2432f, -1.3934f, 0.5869f, -0.1851f, -0.5191f, 0.4730f} << arithmetic;
            QTest::addRow("large values, %s", arithmeticName(arithmetic))
                << Row{40, -20, 35, 80, 10, 0, 3, 9, 1} << arithmetic;
        }
    }

    void renormalizedEqualsMasked()
    {
        QFETCH(Row, scores);
        QFETCH(Arithmetic, arithmetic);
        const auto n = std::int64_t(scores.size());
        for (std::int64_t visible = 1; visible <= n; ++visible) {
            Row a(scores.size()), b(scores.size());
            softmaxRow(scores.data(), a.data(), n, visible, 1.5f, arithmetic);
            renormalizedSoftmaxRow(scores.data(), b.data(), n, visible, 1.5f, arithmetic);
            for (std::size_t j = 0; j < a.size(); ++j)
                QVERIFY2(std::fabs(a[j] - b[j]) <= 1e-6f,
                         qPrintable(QStringLiteral("visible %1, cell %2").arg(visible).arg(j)));
        }
    }

    void renormalizedUnderflowIsZeroNotNaN()
    {
        // Method 1 loses everything when the visible cells underflow next to a huge hidden
        // one (PyTorch gives 0/0 = NaN there); the app shows zeros and the methods' difference.
        const Row scores{-200, 200};
        for (const Arithmetic arithmetic : {Arithmetic::TorchOrder, Arithmetic::Fast}) {
            Row out(2);
            renormalizedSoftmaxRow(scores.data(), out.data(), 2, 1, 1.0f, arithmetic);
            QCOMPARE(out, (Row{0, 0}));
        }
    }
};

QTEST_GUILESS_MAIN(TestSoftmax)
#include "tst_softmax.moc"
