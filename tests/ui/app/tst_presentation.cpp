// Presentation mode at a projector's sizes (1024 x 768, 1280 x 720, 1920 x 1080), offscreen
// with the window set to each size: the weights of the article's session fill the
// stage whole (every cell inside the window, nothing scrolls), with cells large enough for
// their printed values, in high-contrast colours; the walkthrough keeps to less than a third
// of the width and shows the step of the page. The mode's palettes, text size and manners:
// tst_presentationstyle.
#include "FigurePage.h"
#include "FigureWidget.h"
#include "HeadTensors.h"
#include "HeatmapPainter.h"
#include "HeatmapStyle.h"
#include "HeatmapWidget.h"
#include "MainWindow.h"
#include "PageBar.h"
#include "PresentationMode.h"
#include "PresentationStage.h"
#include "SessionDocument.h"
#include "Trace.h"
#include "Translations.h"
#include "WalkthroughPanel.h"

#include <QJsonObject>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

#include <cmath>

using namespace ae;

namespace {

std::shared_ptr<const Trace> waitForTrace(MainWindow& window)
{
    QSignalSpy spy(&window, &MainWindow::traceShown);
    if (!spy.wait(60000))
        return nullptr;
    return spy.takeLast().at(0).value<std::shared_ptr<const Trace>>();
}

QRect inWindow(const QWidget* widget, const QWidget* window)
{
    return QRect(widget->mapTo(window, QPoint(0, 0)), widget->size());
}

int saturation(QRgb c)
{
    return std::max({qRed(c), qGreen(c), qBlue(c)}) - std::min({qRed(c), qGreen(c), qBlue(c)});
}

} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
    }

    void mainFigureFillsTheStageWhole_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x768") << QSize(1024, 768);
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void mainFigureFillsTheStageWhole()
    {
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(window.openSession(QStringLiteral(":/samples/article.json"), {}, true));
        window.show();
        auto trace = waitForTrace(window);
        QVERIFY(trace && !trace->session.causal);
        QVERIFY(window.showPage(QStringLiteral("weights")));
        window.setPresentationMode(true);
        // The offscreen screen has one size: the window (full screen on a real screen) is given
        // the projector's instead, and presentation mode follows it.
        window.setWindowState(Qt::WindowNoState);
        window.setGeometry(QRect(QPoint(0, 0), size));
        QTRY_COMPARE(window.size(), size);
        QCoreApplication::processEvents();

        // The step of the page: scaling and softmax, for the seed's own session's weights.
        const WalkthroughPanel* walkthrough = window.walkthrough();
        QCOMPARE(walkthrough->steps()[std::size_t(walkthrough->step())].id,
                 QStringLiteral("scaling"));
        QVERIFY(!window.pageBar()->isVisible());
        QVERIFY2(walkthrough->parentWidget()->width() <= size.width() * 0.3,
                 qPrintable(QString::number(walkthrough->parentWidget()->width())));

        PresentationStage* stage = window.presentationStage();
        QVERIFY(stage->isVisible());
        QCOMPARE(stage->figureWidget()->panelCount(), 1);
        HeatmapWidget* heatmap = stage->figureWidget()->panel(0);
        QCOMPARE(heatmap->spec().matrix.get(),
                 headTensor(*trace, 0, HeadTensor::Weights).get()); // the view's own, shared
        heatmap->renderedImage();
        const HeatmapLayout& layout = heatmap->heatmapLayout();

        // Whole: the panel and its cells inside the window, beside the walkthrough.
        const QRect panel = inWindow(heatmap, &window);
        QVERIFY2(window.rect().contains(panel), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                               .arg(panel.x())
                                                               .arg(panel.y())
                                                               .arg(panel.width())
                                                               .arg(panel.height())));
        QVERIFY(QRectF(heatmap->rect()).contains(layout.cells));
        QVERIFY(QRectF(heatmap->rect()).contains(layout.colorBar));
        QVERIFY(!panel.intersects(inWindow(walkthrough->parentWidget(), &window)));
        QCOMPARE(heatmap->zoom(), 1.0);
        // Filling: the cells take most of the room on the limiting side.
        const double used = std::max(layout.cells.width() / heatmap->width(),
                                     layout.cells.height() / heatmap->height());
        QVERIFY2(used > 0.55, qPrintable(QString::number(used)));
        // Nothing scrolls around the figure.
        for (const QScrollBar* bar : window.centralWidget()->findChildren<QScrollBar*>())
            QVERIFY(!bar->isVisible());
        // Cells big enough for their values, and the values drawn.
        QVERIFY(layout.showValues);
        QVERIFY(layout.cellWidth >= 48 && layout.cellHeight >= 30);

        // High contrast: the palette says so, and a dark cell is a saturated colour.
        QVERIFY(HeatmapStyle::isHighContrast(heatmap->palette()));
        const QImage image = heatmap->renderedImage();
        const double ratio = image.devicePixelRatio();
        const QRectF cell =
            heatmap->cellGeometry().cellRect(5, 0); // "first" attends little to "Life"
        const QRgb colour = image.pixel((cell.topLeft() + QPointF(6, 6)).toPoint() * ratio);
        QVERIFY2(saturation(colour) >= 100, qPrintable(QColor(colour).name()));
        // Every value is dark ink on a light background, light in every channel (an OCR
        // thresholds channels separately; white glyphs in a dark block it does not read):
        // beside the text, on the cell's middle line, and the text itself dark.
        for (Eigen::Index r = 0; r < 6; ++r) {
            for (Eigen::Index c = 0; c < 6; ++c) {
                const QRectF rect = heatmap->cellGeometry().cellRect(r, c);
                const int y = int(rect.center().y() * ratio);
                const QRgb beside = image.pixel(int((rect.left() + 4) * ratio), y);
                QVERIFY2(
                    std::min({qRed(beside), qGreen(beside), qBlue(beside)}) >= 180,
                    qPrintable(
                        QStringLiteral("cell %1,%2: %3").arg(r).arg(c).arg(QColor(beside).name())));
                int ink = 0;
                for (int x = int(rect.left() * ratio); x < int(rect.right() * ratio); ++x) {
                    const QRgb p = image.pixel(x, y);
                    ink += std::max({qRed(p), qGreen(p), qBlue(p)}) < 90;
                }
                QVERIFY2(ink >= 4, qPrintable(QStringLiteral("cell %1,%2").arg(r).arg(c)));
            }
        }
        // Values large enough for the back of the hall: "1.0000" inks 60 % of its cell's width.
        {
            const QRectF rect = heatmap->cellGeometry().cellRect(0, 0);
            int first = -1, last = -1;
            for (int x = int(rect.left() * ratio); x < int(rect.right() * ratio); ++x) {
                for (int y = int(rect.top() * ratio); y < int(rect.bottom() * ratio); ++y) {
                    const QRgb p = image.pixel(x, y);
                    if (std::max({qRed(p), qGreen(p), qBlue(p)}) < 90 &&
                        std::min({qRed(image.pixel(int(rect.left() * ratio) + 4, y)),
                                  qGreen(image.pixel(int(rect.left() * ratio) + 4, y)),
                                  qBlue(image.pixel(int(rect.left() * ratio) + 4, y))}) >= 180) {
                        first = first < 0 ? x : first;
                        last = x;
                    }
                }
            }
            const double inked = (last - first + 1) / (rect.width() * ratio);
            QVERIFY2(first >= 0 && inked >= 0.6, qPrintable(QString::number(inked)));
        }
        window.setPresentationMode(false);
        QVERIFY(window.pageBar()->isVisible());
        QVERIFY(!stage->isVisible());
    }

    // The heads page of a two-head session: each head's caption (its operation) whole, on
    // two lines if need be, never elided ("… : (6×6) → (1…").
    void headCaptionsAreWhole_data() { mainFigureFillsTheStageWhole_data(); }

    void headCaptionsAreWhole()
    {
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(window.openSession(QStringLiteral(":/samples/book-multihead.json"), {}, true));
        window.show();
        QVERIFY(waitForTrace(window));
        QVERIFY(window.showPage(QStringLiteral("heads")));
        window.setPresentationMode(true);
        window.setWindowState(Qt::WindowNoState);
        window.setGeometry(QRect(QPoint(0, 0), size));
        QTRY_COMPARE(window.size(), size);
        QCoreApplication::processEvents();
        PresentationStage* stage = window.presentationStage();
        QVERIFY(stage->isVisible());
        QCOMPARE(stage->figureWidget()->panelCount(), 2);
        for (int i = 0; i < 2; ++i) {
            HeatmapWidget* heatmap = stage->figureWidget()->panel(i);
            heatmap->renderedImage();
            const HeatmapSpec& spec = heatmap->spec();
            const HeatmapLayout& layout = heatmap->heatmapLayout();
            QVERIFY(!spec.operation.isEmpty());
            const QFontMetricsF fm(heatmap->font());
            const int lines = int(std::lround(layout.operation.height() / std::ceil(fm.height())));
            const QStringList shown =
                HeatmapPainter::operationLines(fm, spec.operation, layout.operation.width(), lines);
            QVERIFY2(!shown.join(u' ').contains(QChar(0x2026)), qPrintable(shown.join(u'|')));
            QCOMPARE(shown.join(u' ').simplified(), spec.operation.simplified());
            for (const QString& line : shown)
                QVERIFY(fm.horizontalAdvance(line) <= layout.operation.width());
        }
    }

    // Step 8, "two methods, one result", shows both methods side by side as the deck does (it
    // showed one matrix), each printing its values.
    void causalStepShowsBothMethods_data() { mainFigureFillsTheStageWhole_data(); }

    void causalStepShowsBothMethods()
    {
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(window.openSession(QStringLiteral(":/samples/article.json"),
                                   {{QStringLiteral("causal"), true}}, true));
        window.show();
        QVERIFY(waitForTrace(window));
        QVERIFY(window.showPage(QStringLiteral("weights")));
        window.setPresentationMode(true);
        window.setWindowState(Qt::WindowNoState);
        window.setGeometry(QRect(QPoint(0, 0), size));
        QTRY_COMPARE(window.size(), size);
        QCoreApplication::processEvents();
        const WalkthroughPanel* walkthrough = window.walkthrough();
        QCOMPARE(walkthrough->steps()[std::size_t(walkthrough->step())].id,
                 QStringLiteral("causal-mask"));
        PresentationStage* stage = window.presentationStage();
        QVERIFY(stage->isVisible());
        QCOMPARE(stage->figureWidget()->panelCount(), 2);
        QStringList names;
        for (int i = 0; i < 2; ++i) {
            HeatmapWidget* heatmap = stage->figureWidget()->panel(i);
            names << heatmap->spec().tensorName;
            heatmap->renderedImage();
            const HeatmapLayout& layout = heatmap->heatmapLayout();
            QVERIFY2(layout.showValues, qPrintable(QStringLiteral("%1: %2 x %3")
                                                       .arg(heatmap->spec().tensorName)
                                                       .arg(layout.cellWidth)
                                                       .arg(layout.cellHeight)));
            QVERIFY(QRect(QPoint(0, 0), size).contains(inWindow(heatmap, &window)));
            QVERIFY(!inWindow(heatmap, &window)
                         .intersects(inWindow(walkthrough->parentWidget(), &window)));
        }
        QCOMPARE(names, QStringList({QStringLiteral("attn_weights_renormalized"),
                                     QStringLiteral("attn_weights_neg_inf")}));
        window.setPresentationMode(false);
    }

    // Cells large enough for their values print them on the slides of several heads and of
    // cross-attention too (they printed none at 1280 x 720).
    void multiPanelSlidesPrintValues_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QString>("page");
        QTest::addColumn<QSize>("size");
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            const QString at = QStringLiteral(" %1x%2").arg(size.width()).arg(size.height());
            QTest::newRow(qPrintable(QStringLiteral("two heads") + at))
                << QStringLiteral(":/samples/book-multihead.json") << QStringLiteral("heads")
                << size;
            QTest::newRow(qPrintable(QStringLiteral("cross-attention") + at))
                << QStringLiteral(":/samples/german-english-cross.json")
                << QStringLiteral("weights") << size;
        }
    }

    void multiPanelSlidesPrintValues()
    {
        QFETCH(QString, sample);
        QFETCH(QString, page);
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(window.openSession(sample, {}, true));
        window.show();
        QVERIFY(waitForTrace(window));
        QVERIFY(window.showPage(page));
        window.setPresentationMode(true);
        window.setWindowState(Qt::WindowNoState);
        window.setGeometry(QRect(QPoint(0, 0), size));
        QTRY_COMPARE(window.size(), size);
        QCoreApplication::processEvents();
        PresentationStage* stage = window.presentationStage();
        QVERIFY(stage->isVisible() && stage->figureWidget()->panelCount() >= 1);
        for (int i = 0; i < stage->figureWidget()->panelCount(); ++i) {
            HeatmapWidget* heatmap = stage->figureWidget()->panel(i);
            heatmap->renderedImage();
            const HeatmapLayout& layout = heatmap->heatmapLayout();
            QVERIFY2(layout.showValues, qPrintable(QStringLiteral("panel %1: %2 x %3")
                                                       .arg(i)
                                                       .arg(layout.cellWidth)
                                                       .arg(layout.cellHeight)));
            QVERIFY(QRect(QPoint(0, 0), size).contains(inWindow(heatmap, &window)));
        }
        window.setPresentationMode(false);
    }

    // Every step's text and formula within the walkthrough's height, nothing to scroll (a
    // clicker cannot; the formula box was cut at 1280 x 720).
    void walkthroughFitsWithoutScrolling_data() { mainFigureFillsTheStageWhole_data(); }

    void walkthroughFitsWithoutScrolling()
    {
        QFETCH(QSize, size);
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.setPresentationMode(true);
        window.setWindowState(Qt::WindowNoState);
        window.setGeometry(QRect(QPoint(0, 0), size));
        QTRY_COMPARE(window.size(), size);
        WalkthroughPanel* walkthrough = window.walkthrough();
        auto* scroll = walkthrough->findChild<QScrollArea*>();
        QVERIFY(scroll);
        // Every step but the last (a 1024-token GPT-2 session: slow to compute here).
        for (int step = 0; step + 1 < int(walkthrough->steps().size()); ++step) {
            walkthrough->setStep(step);
            QTRY_VERIFY_WITH_TIMEOUT(!walkthrough->isPendingNoteShown(), 30000);
            QTRY_VERIFY_WITH_TIMEOUT(scroll->verticalScrollBar()->maximum() == 0, 2000);
            QVERIFY2(scroll->verticalScrollBar()->maximum() == 0,
                     qPrintable(QStringLiteral("step %1: %2 px to scroll")
                                    .arg(step + 1)
                                    .arg(scroll->verticalScrollBar()->maximum())));
        }
        window.setPresentationMode(false);
    }

    // A long sentence's figures are built in the background: the stage shows them once they
    // are ready, not the previous session's (step 12, GPT-2 sizes, showed step 11's
    // cross-attention heads until presentation mode was left).
    void stageTakesFiguresBuiltInTheBackground()
    {
        MainWindow window;
        QVERIFY(window.openSession(QStringLiteral(":/samples/article.json"),
                                   {{QStringLiteral("variant"), QStringLiteral("multihead")},
                                    {QStringLiteral("num_heads"), 2},
                                    {QStringLiteral("d_out_kq"), 4},
                                    {QStringLiteral("d_out_v"), 4}},
                                   true));
        window.show();
        QVERIFY(waitForTrace(window));
        QVERIFY(window.showPage(QStringLiteral("heads")));
        window.setPresentationMode(true);
        PresentationStage* stage = window.presentationStage();
        QVERIFY(stage->isVisible());
        QCOMPARE(stage->figureWidget()->panelCount(), 2);
        QCOMPARE(specRows(stage->figureWidget()->panel(0)->spec()), 6);

        // 2 heads x 200 x 200 cells: more than a page builds on the GUI thread.
        QStringList words;
        for (int i = 0; i < 200; ++i)
            words << QStringLiteral("w%1").arg(i);
        window.document()->edit([&](Session& s) { s.sentence = words.join(u' ').toStdString(); });
        const auto trace = waitForTrace(window);
        QVERIFY(trace && trace->queryCount() == 200);
        QTRY_COMPARE_WITH_TIMEOUT(specRows(stage->figureWidget()->panel(0)->spec()), 200, 30000);
        QCOMPARE(stage->figureWidget()->panelCount(), 2);
        window.setPresentationMode(false);
    }

    // The dropout page's three panels (mask, before, after): the mask in a band across the
    // top, the weights before and after side by side below, without captions or axis titles
    // (the walkthrough's formula has them), their cells large enough to print every value
    // (before: a 2 x 2 grid with 33 px cells and no values at 1280 x 720). The weights' cells
    // must be at least 42 px (44 before the per-row colour bar's ticks became "100%").
    void dropoutPanelsGetTheRoom_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            for (const QSize size : {QSize(1024, 768), QSize(1280, 720), QSize(1920, 1080)})
                QTest::newRow(qPrintable(
                    QStringLiteral("%1 %2x%3").arg(language).arg(size.width()).arg(size.height())))
                    << language << size;
    }

    void dropoutPanelsGetTheRoom()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QVERIFY(Translations::install(language));
        MainWindow window;
        QVERIFY(window.openSession(QStringLiteral(":/samples/article.json"),
                                   {{QStringLiteral("causal"), true},
                                    {QStringLiteral("dropout"), 0.5},
                                    {QStringLiteral("training"), true}},
                                   true));
        window.show();
        QVERIFY(waitForTrace(window));
        QVERIFY(window.showPage(QStringLiteral("dropout")));
        window.setPresentationMode(true);
        window.setWindowState(Qt::WindowNoState);
        window.setGeometry(QRect(QPoint(0, 0), size));
        QTRY_COMPARE(window.size(), size);
        QCoreApplication::processEvents();
        PresentationStage* stage = window.presentationStage();
        QVERIFY(stage->isVisible());
        QVERIFY(stage->asideWidget()->isVisible());
        QCOMPARE(stage->asideWidget()->panelCount(), 1);
        QCOMPARE(stage->asideWidget()->panel(0)->spec().scheme, ColorScheme::Mask);
        QCOMPARE(stage->figureWidget()->panelCount(), 2);
        std::vector<HeatmapWidget*> panels{stage->asideWidget()->panel(0),
                                           stage->figureWidget()->panel(0),
                                           stage->figureWidget()->panel(1)};
        for (HeatmapWidget* heatmap : panels) {
            heatmap->renderedImage();
            QVERIFY(heatmap->spec().operation.isEmpty());
            const HeatmapLayout& layout = heatmap->heatmapLayout();
            const QString cells = QStringLiteral("%1: %2 x %3")
                                      .arg(heatmap->spec().tensorName)
                                      .arg(layout.cellWidth)
                                      .arg(layout.cellHeight);
            // At 1024 x 768 two 6 x 6 panels side by side beside the walkthrough get 44 px
            // cells: too narrow for "1.0000" in 11 px labels' type.
            if (size.width() > 1024 || heatmap->spec().scheme == ColorScheme::Mask)
                QVERIFY2(layout.showValues, qPrintable(cells));
            if (heatmap->spec().scheme != ColorScheme::Mask)
                QVERIFY2(layout.cellWidth >= 42 && layout.cellHeight >= 42, qPrintable(cells));
            QVERIFY(QRect(QPoint(0, 0), size).contains(inWindow(heatmap, &window)));
            QVERIFY(QRectF(heatmap->rect()).contains(layout.cells));
        }
        window.setPresentationMode(false);
        QVERIFY(!stage->isVisible());
        Translations::install(QStringLiteral("en"));
    }

    // The dropout page in the window (not presenting) at a projector's and a monitor's size:
    // every panel's title whole (the third one was "α after dropout (kept weight…").
    void dropoutTitlesAreWhole_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)})
                QTest::newRow(qPrintable(
                    QStringLiteral("%1 %2x%3").arg(language).arg(size.width()).arg(size.height())))
                    << language << size;
    }

    void dropoutTitlesAreWhole()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QVERIFY(Translations::install(language));
        MainWindow window;
        QVERIFY(window.openSession(QStringLiteral(":/samples/article.json"),
                                   {{QStringLiteral("causal"), true},
                                    {QStringLiteral("dropout"), 0.5},
                                    {QStringLiteral("training"), true}},
                                   true));
        window.setGeometry(QRect(QPoint(0, 0), size));
        window.show();
        QVERIFY(waitForTrace(window));
        QVERIFY(window.showPage(QStringLiteral("dropout")));
        QTRY_COMPARE(window.size(), size);
        QCoreApplication::processEvents();
        auto* page = qobject_cast<FigurePage*>(window.pages()->currentWidget());
        QVERIFY(page);
        const QList<FigureWidget*> figures = page->findChildren<FigureWidget*>();
        QVERIFY(!figures.isEmpty());
        FigureWidget* figure = figures.front();
        QCOMPARE(figure->panelCount(), 3);
        for (int i = 0; i < figure->panelCount(); ++i) {
            HeatmapWidget* heatmap = figure->panel(i);
            heatmap->renderedImage();
            const HeatmapLayout& layout = heatmap->heatmapLayout();
            const QFontMetricsF title(
                HeatmapStyle::forPalette(heatmap->palette(), heatmap->font()).titleFont());
            const double width = title.horizontalAdvance(heatmap->spec().title);
            QVERIFY2(width <= layout.title.width(), qPrintable(QStringLiteral("%1: %2 > %3")
                                                                   .arg(heatmap->spec().title)
                                                                   .arg(width)
                                                                   .arg(layout.title.width())));
        }
        Translations::install(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
