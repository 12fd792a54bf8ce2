// The row softmax in both arithmetics: PyTorch's formula on ordinary rows, and no NaN
// for any input.
#include "HeadProducts.h" // detail::avx512Kernels()
#include "Softmax.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

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

// Rows for comparing the fast path's two implementations: every length from 1 to 70 (every
// ragged tail of 16 and 4 lanes), then longer ones; ordinary scores, scores reaching far
// below the maximum (exps under -87: glibc's expf), and rows with -inf cells.
std::vector<Row> comparisonRows()
{
    std::mt19937 random(20261206);
    std::vector<Row> rows;
    std::vector<int> lengths;
    for (int n = 1; n <= 70; ++n)
        lengths.push_back(n);
    for (int n : {203, 768, 1024})
        lengths.push_back(n);
    for (const int n : lengths)
        for (const float spread : {3.0f, 60.0f}) {
            std::normal_distribution<float> score(0.0f, spread);
            Row row(static_cast<std::size_t>(n));
            for (float& x : row)
                x = score(random);
            if (n > 2)
                row[std::size_t(n / 3)] = -Inf;
            rows.push_back(row);
        }
    return rows;
}

// Within float32's rounding of each other: a portable build's 4 lanes add in another order,
// and without fused multiply-adds.
bool close(float a, float b)
{
    return std::fabs(a - b) <= 1e-6f * std::max(std::fabs(a), std::fabs(b)) + 1e-44f;
}

// Bit for bit where Eigen's packets are AVX-512's own (a native build on this CPU).
bool packetsAreAvx512()
{
    return detail::packetLanes() == 16 && __builtin_cpu_supports("avx512dq");
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

    // A portable build runs SoftmaxAvx512.cpp on an AVX-512 CPU, a native one Eigen's packets:
    // the same bits when those packets are AVX-512's, PyTorch's softmax to float32 rounding in
    // any case (the rows above), and the careful path taken for the same rows.
    void avx512KernelAgreesWithPackets()
    {
        if (!detail::avx512Kernels())
            QSKIP("this CPU has no AVX-512");
        const bool bitwise = packetsAreAvx512();
        int compared = 0;
        for (const Row& row : comparisonRows())
            for (const float divisor : {1.0f, 8.0f}) {
                const long n = long(row.size());
                Row packets(row.size(), -1), avx512(row.size(), -2);
                const bool fromPackets =
                    detail::fastSoftmaxPackets(row.data(), packets.data(), n, divisor);
                QCOMPARE(detail::fastSoftmaxAvx512(row.data(), avx512.data(), n, divisor),
                         fromPackets);
                if (!fromPackets)
                    continue;
                ++compared;
                for (std::size_t j = 0; j < row.size(); ++j)
                    QVERIFY2(bitwise ? std::memcmp(&packets[j], &avx512[j], sizeof(float)) == 0
                                     : close(packets[j], avx512[j]),
                             qPrintable(QStringLiteral("n %1, divisor %2, cell %3: %4 against %5")
                                            .arg(n)
                                            .arg(double(divisor))
                                            .arg(j)
                                            .arg(double(packets[j]), 0, 'g', 9)
                                            .arg(double(avx512[j]), 0, 'g', 9)));
            }
        QCOMPARE(compared, 2 * 2 * 73);
    }

    void avx512ExpAgreesWithPackets()
    {
        if (!detail::avx512Kernels())
            QSKIP("this CPU has no AVX-512");
        const bool bitwise = packetsAreAvx512();
        for (Row row : comparisonRows()) {
            for (float& x : row)
                x = std::min(x, 80.0f);
            Row packets = row, avx512 = row;
            detail::packetExpPackets(packets.data(), long(row.size()));
            detail::packetExpAvx512(avx512.data(), long(row.size()));
            for (std::size_t j = 0; j < row.size(); ++j) {
                QVERIFY2(bitwise ? std::memcmp(&packets[j], &avx512[j], sizeof(float)) == 0
                                 : close(packets[j], avx512[j]),
                         qPrintable(QStringLiteral("exp(%1): %2 against %3")
                                        .arg(double(row[j]), 0, 'g', 9)
                                        .arg(double(packets[j]), 0, 'g', 9)
                                        .arg(double(avx512[j]), 0, 'g', 9)));
                QVERIFY(close(avx512[j], float(std::exp(double(row[j])))));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestSoftmax)
#include "tst_softmax.moc"
