// One golden image: the article's 6 x 6 attention weights at a fixed size and font pixel
// size, compared with a tolerance (anti-aliased text differs a little between FreeType
// versions). On failure the rendering and a diff image are written next to this binary
// (QGIS QgsRenderChecker). AE_UPDATE_GOLDEN=1 rewrites the golden image.
#include "HeatmapFixtures.h"
#include "HeatmapPainter.h"

#include <QCoreApplication>
#include <QDir>
#include <QPainter>
#include <QTest>

using namespace ae;

namespace {

constexpr QSize GoldenSize(600, 520);
constexpr int FontPixelSize = 13;
constexpr int ChannelTolerance = 48;        // per channel, 0..255
constexpr double MaxDifferentPercent = 1.0; // of all pixels

struct Comparison
{
    int different = 0;
    QImage diff; // grey rendering, differing pixels red
};

Comparison compareImages(const QImage& expected, const QImage& actual)
{
    Comparison c;
    c.diff =
        actual.convertToFormat(QImage::Format_Grayscale8).convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < actual.height(); ++y) {
        for (int x = 0; x < actual.width(); ++x) {
            const QRgb a = expected.pixel(x, y), b = actual.pixel(x, y);
            const int d = std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                                    std::abs(qBlue(a) - qBlue(b))});
            if (d > ChannelTolerance) {
                ++c.different;
                c.diff.setPixel(x, y, qRgb(255, 0, 0));
            }
        }
    }
    return c;
}

} // namespace

class TestHeatmapGolden : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void attentionWeights()
    {
        QImage actual(GoldenSize, QImage::Format_RGB32);
        actual.fill(Qt::white);
        {
            QPainter painter(&actual);
            HeatmapPainter(HeatmapStyle::forExport(FontPixelSize))
                .paint(painter, test::articleWeights(), QRectF(QPointF(0, 0), QSizeF(GoldenSize)));
        }
        const QString golden = QStringLiteral(AE_GOLDEN_DIR "/attn_weights_6x6.png");
        if (qEnvironmentVariableIntValue("AE_UPDATE_GOLDEN") == 1) {
            QVERIFY(QDir().mkpath(QStringLiteral(AE_GOLDEN_DIR)));
            QVERIFY(actual.save(golden));
            QSKIP("golden image rewritten; check it and commit it");
        }
        const QImage expected = QImage(golden).convertToFormat(QImage::Format_RGB32);
        QVERIFY2(!expected.isNull(),
                 qPrintable(golden + QStringLiteral(" is missing; run with AE_UPDATE_GOLDEN=1")));
        QCOMPARE(expected.size(), actual.size());
        const Comparison c = compareImages(expected, actual);
        const double percent = 100.0 * c.different / (actual.width() * actual.height());
        if (percent > MaxDifferentPercent) {
            const QString stem =
                QCoreApplication::applicationDirPath() + QStringLiteral("/attn_weights_6x6");
            actual.save(stem + QStringLiteral("_actual.png"));
            c.diff.save(stem + QStringLiteral("_diff.png"));
            QFAIL(qPrintable(
                QStringLiteral(
                    "%1% of the pixels differ by more than %2 (limit %3%); see %4_diff.png")
                    .arg(percent, 0, 'f', 2)
                    .arg(ChannelTolerance)
                    .arg(MaxDifferentPercent)
                    .arg(stem)));
        }
        qInfo("%.3f%% of the pixels differ (limit %.1f%%)", percent, MaxDifferentPercent);
    }
};

QTEST_MAIN(TestHeatmapGolden)
#include "tst_heatmapgolden.moc"
