// core/ScalingDemo: random queries and keys show why attention divides by √d_k. The
// statistics equal PyTorch's (torch.manual_seed(123); torch.randn(100, 6, d_k) twice;
// Q @ K.transpose(1, 2), torch.softmax, torch.std), and what they demonstrate holds:
// without the scaling softmax saturates as d_k grows, with it the scores keep a standard
// deviation of about 1 and the weights stay spread.
#include "ScalingDemo.h"

#include <QTest>

#include <cmath>

using namespace ae;

namespace {

// Printed by PyTorch 1.13 (Debian's python3-torch) for the default options.
struct Expected
{
    int headDim;
    double scoreStd, scaledScoreStd, maxWeight, scaledMaxWeight;
};
constexpr Expected Torch[] = {
    {2, 1.4276, 1.0094, 0.4599, 0.3856},    {8, 2.8756, 1.0167, 0.6838, 0.4121},
    {32, 5.6515, 0.9990, 0.8498, 0.4175},   {128, 11.1287, 0.9837, 0.9189, 0.4133},
    {512, 22.6543, 1.0012, 0.9620, 0.4230}, {2048, 44.9895, 0.9941, 0.9785, 0.4220},
};

} // namespace

class TestScalingDemo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void matchesPyTorch()
    {
        const ScalingDemo demo = runScalingDemo();
        QCOMPARE(demo.rows.size(), std::size(Torch));
        double worst = 0;
        for (std::size_t i = 0; i < demo.rows.size(); ++i) {
            const ScalingDemoRow& r = demo.rows[i];
            const Expected& e = Torch[i];
            QCOMPARE(r.headDim, e.headDim);
            // Relative for the standard deviation (it grows to 45), absolute for weights.
            for (const double difference : {std::abs(r.scoreStd - e.scoreStd) / e.scoreStd,
                                            std::abs(r.scaledScoreStd - e.scaledScoreStd),
                                            std::abs(r.maxWeight - e.maxWeight),
                                            std::abs(r.scaledMaxWeight - e.scaledMaxWeight)})
                worst = std::max(worst, difference);
        }
        qInfo("worst difference from PyTorch's printout: %.2e", worst);
        QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
    }

    void scalingKeepsSoftmaxSpread()
    {
        const ScalingDemo demo = runScalingDemo();
        QVERIFY(!demo.rows.empty());
        for (std::size_t i = 0; i < demo.rows.size(); ++i) {
            const ScalingDemoRow& r = demo.rows[i];
            const QByteArray where = "d_k = " + QByteArray::number(r.headDim);
            // Unscaled scores spread like √d_k; scaled ones like 1.
            QVERIFY2(std::abs(r.scoreStd / std::sqrt(double(r.headDim)) - 1) < 0.1, where);
            QVERIFY2(std::abs(r.scaledScoreStd - 1) < 0.1, where);
            QVERIFY2(r.scaledMaxWeight < 0.6, where);
            if (i > 0)
                QVERIFY2(r.maxWeight > demo.rows[i - 1].maxWeight, where); // saturates as d_k grows
        }
        const ScalingDemoRow& largest = demo.rows.back();
        QCOMPARE(largest.headDim, 2048);
        QVERIFY(largest.maxWeight > 0.95);    // nearly one-hot ...
        QVERIFY(largest.saturatedRows > 0.5); // ... and most rows are (largest weight > 0.99)
        QCOMPARE(largest.scaledSaturatedRows, 0.0);
    }

    void optionsAreHonoured()
    {
        ScalingDemoOptions options;
        options.headDims = {4, 16};
        options.sentences = 3;
        options.tokens = 5;
        const ScalingDemo demo = runScalingDemo(options);
        QCOMPARE(demo.rows.size(), std::size_t(2));
        QCOMPARE(demo.rows[1].headDim, 16);
        // Every weight of a row of 5 is at least 1/5 at its largest.
        for (const ScalingDemoRow& r : demo.rows)
            QVERIFY(r.scaledMaxWeight >= 0.2 && r.maxWeight >= 0.2);
    }
};

QTEST_APPLESS_MAIN(TestScalingDemo)
#include "tst_scalingdemo.moc"
