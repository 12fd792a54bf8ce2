// Presentation mode's look and manners: the high-contrast cell palettes carry their text and
// are chosen for a high-contrast window palette, the text size follows the window's height,
// and the mode hides the session dock and lets nothing modal open before its end. The stage at
// a projector's sizes: tst_presentation.
#include "ColorMap.h"
#include "HeatmapStyle.h"
#include "MainWindow.h"
#include "PresentationMode.h"

#include <QApplication>
#include <QDockWidget>
#include <QPalette>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace ae;

class TestPresentationStyle : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
    }

    // Every colour of the high-contrast scales carries its text: WCAG contrast of 4.5 or more
    // with the text colour chosen for it, and no weight is a mid tone (grey level 0.3 to 0.7).
    void highContrastCellsCarryTheirText_data()
    {
        QTest::addColumn<int>("scheme");
        QTest::newRow("sequential") << int(ColorScheme::Sequential);
        QTest::newRow("diverging") << int(ColorScheme::Diverging);
        QTest::newRow("mask") << int(ColorScheme::Mask);
    }

    void highContrastCellsCarryTheirText()
    {
        QFETCH(int, scheme);
        const ColorMap colors =
            ColorMap(ColorScheme(scheme), 0, 1).withPalette(CellPalette::HighContrast);
        QCOMPARE(colors.palette(), CellPalette::HighContrast);
        auto luminance = [](QRgb c) {
            auto linear = [](int v) {
                const double x = v / 255.0;
                return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
            };
            return 0.2126 * linear(qRed(c)) + 0.7152 * linear(qGreen(c)) +
                   0.0722 * linear(qBlue(c));
        };
        for (int i = 0; i < ColorMap::Size; ++i) {
            const QRgb cell = colors.colorAt(i);
            const double a = luminance(cell), b = luminance(ColorMap::textColorOn(cell));
            const double contrast = (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
            QVERIFY2(contrast >= 4.5, qPrintable(QStringLiteral("entry %1 %2: %3")
                                                     .arg(i)
                                                     .arg(QColor(cell).name())
                                                     .arg(contrast)));
            if (ColorScheme(scheme) == ColorScheme::Sequential) {
                const double grey = qGray(cell) / 255.0;
                QVERIFY2(grey <= 0.3 || grey >= 0.7,
                         qPrintable(QStringLiteral("entry %1 %2").arg(i).arg(QColor(cell).name())));
            }
        }
        // The standard palette is unchanged by the round trip.
        const ColorMap standard = colors.withPalette(CellPalette::Standard);
        QCOMPARE(standard.colorAt(0), ColorMap(ColorScheme(scheme), 0, 1).colorAt(0));
    }

    void highContrastPalettes_data()
    {
        QTest::addColumn<QColor>("window");
        QTest::addColumn<QColor>("text");
        QTest::addColumn<bool>("high");
        QTest::newRow("black on white") << QColor(Qt::white) << QColor(Qt::black) << true;
        QTest::newRow("white on black") << QColor(Qt::black) << QColor(Qt::white) << true;
        QTest::newRow("Fusion light") << QColor(0xef, 0xef, 0xef) << QColor(Qt::black) << false;
        QTest::newRow("dark theme")
            << QColor(0x2a, 0x2a, 0x2a) << QColor(0xdd, 0xdd, 0xdd) << false;
    }

    void highContrastPalettes()
    {
        QFETCH(QColor, window);
        QFETCH(QColor, text);
        QFETCH(bool, high);
        QPalette palette;
        palette.setColor(QPalette::Window, window);
        palette.setColor(QPalette::WindowText, text);
        QCOMPARE(HeatmapStyle::isHighContrast(palette), high);
        const HeatmapStyle style = HeatmapStyle::forPalette(palette, QFont());
        QCOMPARE(style.cells, high ? CellPalette::HighContrast : CellPalette::Standard);
        QVERIFY(high ? style.gridWidth >= 3 : style.gridWidth == 1);
    }

    void textFollowsTheWindowSize_data()
    {
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("points");
        QTest::newRow("720") << 720 << 16.0;
        QTest::newRow("1080") << 1080 << 24.0;
        QTest::newRow("2160: not above 24") << 2160 << 24.0;
        QTest::newRow("400: not below 12") << 400 << 12.0;
    }

    void textFollowsTheWindowSize()
    {
        QFETCH(int, height);
        QFETCH(double, points);
        QCOMPARE(PresentationMode::pointSizeFor(height), points);
    }

    void sessionDockHiddenAndNothingModal()
    {
        MainWindow window;
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.trace() != nullptr, 60000);
        window.setPresentationMode(true);
        auto* session = window.findChild<QDockWidget*>(QStringLiteral("sessionDock"));
        QVERIFY(session && !session->isVisible());
        // The crash-recovery question waits for the end of the presentation.
        window.offerRecovery();
        QVERIFY(window.isRecoveryOfferDeferred());
        QCoreApplication::processEvents();
        QVERIFY(!QApplication::activeModalWidget());
        window.setPresentationMode(false);
        QVERIFY(!window.isRecoveryOfferDeferred());
    }
};

QTEST_MAIN(TestPresentationStyle)
#include "tst_presentationstyle.moc"
