// Rows whose weights fall into float32's subnormal range (exp below -87.3): PyTorch keeps
// them down to exp(-103.97), so must both arithmetic paths; and a row's result must not
// depend on where the row sits in memory (vectorised code handles unaligned heads and
// tails differently).
#include "Softmax.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace ae;

namespace {

constexpr float SmallestNormal = std::numeric_limits<float>::min();

// Scores falling by `step` per cell from 0: cell j's weight is about exp(-step * j).
std::vector<float> fallingRow(int n, float step)
{
    std::vector<float> row(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j)
        row[std::size_t(j)] = -step * float(j);
    return row;
}

// The exact weights (double precision exp and sum) rounded to float: what a correctly
// rounded softmax gives, subnormals included.
std::vector<float> exactSoftmax(const std::vector<float>& scores, int visible)
{
    double sum = 0;
    for (int j = 0; j < visible; ++j)
        sum += std::exp(double(scores[std::size_t(j)]));
    std::vector<float> out(scores.size(), 0.0f);
    for (int j = 0; j < visible; ++j)
        out[std::size_t(j)] = float(std::exp(double(scores[std::size_t(j)])) / sum);
    return out;
}

} // namespace

Q_DECLARE_METATYPE(ae::Arithmetic)

class TestSoftmaxSubnormal : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void keepsSubnormalWeights_data()
    {
        QTest::addColumn<Arithmetic>("arithmetic");
        QTest::addColumn<int>("n");
        QTest::newRow("torch order, 40 cells") << Arithmetic::TorchOrder << 40;
        QTest::newRow("fast, 40 cells") << Arithmetic::Fast << 40;
        QTest::newRow("fast, 130 cells") << Arithmetic::Fast << 130;
        QTest::newRow("fast, 300 cells") << Arithmetic::Fast << 300;
    }

    // Cells 0 .. n-1 at -3.7 j: from about j = 24 on the weights are subnormal, from j = 29 on
    // they round to 0. Every weight must be within one subnormal step of the exact one.
    void keepsSubnormalWeights()
    {
        QFETCH(Arithmetic, arithmetic);
        QFETCH(int, n);
        const auto scores = fallingRow(n, 3.7f);
        std::vector<float> out(static_cast<std::size_t>(n));
        softmaxRow(scores.data(), out.data(), n, n, 1.0f, arithmetic);
        const auto exact = exactSoftmax(scores, n);
        int subnormals = 0;
        for (int j = 0; j < n; ++j) {
            const float got = out[std::size_t(j)], want = exact[std::size_t(j)];
            if (want > 0 && want < SmallestNormal)
                ++subnormals;
            QVERIFY2(std::fabs(double(got) - double(want)) <= std::max(2e-45, 1e-6 * double(want)),
                     qPrintable(QStringLiteral("cell %1: %2, exact %3")
                                    .arg(j)
                                    .arg(double(got))
                                    .arg(double(want))));
        }
        QVERIFY(subnormals >= 4);
    }

    // The case in one row: the renormalising method on a row whose only visible cell is
    // subnormal after the full-row softmax gives 1, not 0.
    void renormalizedSubnormalCellIsOne_data()
    {
        QTest::addColumn<Arithmetic>("arithmetic");
        QTest::newRow("torch order") << Arithmetic::TorchOrder;
        QTest::newRow("fast") << Arithmetic::Fast;
    }

    void renormalizedSubnormalCellIsOne()
    {
        QFETCH(Arithmetic, arithmetic);
        for (int n : {16, 40, 100, 130, 300}) {
            std::vector<float> scores(std::size_t(n), 0.0f);
            scores[0] = -95.0f; // exp(-95) = 5.5e-42: subnormal
            std::vector<float> out(static_cast<std::size_t>(n));
            renormalizedSoftmaxRow(scores.data(), out.data(), n, 1, 1.0f, arithmetic);
            QCOMPARE(out[0], 1.0f);
        }
    }

    // Also -inf and scores far below -104 give exactly 0 (Eigen's SSE/AVX2 exp gives 2.9e-39).
    void deepCellsAreZero()
    {
        const std::vector<float> scores{0.0f,   -200.0f, -std::numeric_limits<float>::infinity(),
                                        -1e30f, 0.0f,    -105.0f,
                                        0.0f,   0.0f,    0.0f,
                                        0.0f,   0.0f,    0.0f,
                                        0.0f,   0.0f,    0.0f,
                                        0.0f,   -150.0f};
        const int n = int(scores.size());
        std::vector<float> out(scores.size());
        softmaxRow(scores.data(), out.data(), n, n, 1.0f, Arithmetic::Fast);
        for (int j : {1, 2, 3, 5, 16})
            QCOMPARE(out[std::size_t(j)], 0.0f);
    }

    // The same row at every offset of a buffer (every alignment to 64 bytes) gives the same bits.
    void sameBitsAtEveryAlignment_data()
    {
        QTest::addColumn<bool>("renormalize");
        QTest::newRow("softmax") << false;
        QTest::newRow("renormalize") << true;
    }

    void sameBitsAtEveryAlignment()
    {
        QFETCH(bool, renormalize);
        const int n = 203;
        std::vector<float> scores(static_cast<std::size_t>(n));
        for (int j = 0; j < n; ++j)
            scores[std::size_t(j)] = 40.0f * std::sin(0.37f * float(j)) - 0.9f * float(j);
        std::vector<float> first;
        for (int offset = 0; offset < 16; ++offset) {
            std::vector<float> in(static_cast<std::size_t>(n + offset)),
                out(static_cast<std::size_t>(n + offset));
            std::copy(scores.begin(), scores.end(), in.begin() + offset);
            if (renormalize)
                renormalizedSoftmaxRow(in.data() + offset, out.data() + offset, n, n / 2, 1.5f,
                                       Arithmetic::Fast);
            else
                softmaxRow(in.data() + offset, out.data() + offset, n, n, 1.5f, Arithmetic::Fast);
            const std::vector<float> result(out.begin() + offset, out.end());
            if (first.empty())
                first = result;
            else
                QVERIFY2(std::memcmp(first.data(), result.data(), first.size() * sizeof(float)) ==
                             0,
                         qPrintable(QStringLiteral("offset %1 differs").arg(offset)));
        }
    }
};

QTEST_GUILESS_MAIN(TestSoftmaxSubnormal)
#include "tst_softmaxsubnormal.moc"
