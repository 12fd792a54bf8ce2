// HeatmapWidget and FigureWidget: hover and click report the cell under the mouse, before
// and after zooming; drag pans; double-click resets; the tooltip explains the cell;
// highlights and panel signals; widgets destroyed while their images render elsewhere.
#include "CellGeometry.h"
#include "FigureWidget.h"
#include "HeatmapFixtures.h"
#include "HeatmapWidget.h"
#include "ValueText.h"
#include "ViewJobs.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QToolTip>

using namespace ae;

namespace {

QPoint centreOf(const HeatmapWidget& widget, int row, int column)
{
    const CellGeometry& g = widget.cellGeometry();
    return g.cellRect(row, column).intersected(g.area()).center().toPoint();
}

// Ctrl+wheel: the zoom (a plain wheel scrolls the page, see tst_heatmapzoom).
void wheel(QWidget& widget, QPoint at, int notches,
           Qt::KeyboardModifiers modifiers = Qt::ControlModifier)
{
    QWheelEvent event(at, widget.mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton,
                      modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &event);
}

void mouse(QWidget& widget, QEvent::Type type, QPoint at, Qt::MouseButtons buttons)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, at, widget.mapToGlobal(at), button, buttons, Qt::NoModifier);
    QApplication::sendEvent(&widget, &event);
}

std::pair<int, int> lastCell(const QSignalSpy& spy)
{
    const QList<QVariant> args = spy.last();
    return {args.at(0).toInt(), args.at(1).toInt()};
}

} // namespace

class TestHeatmapWidget : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        m_widget = std::make_unique<HeatmapWidget>();
        m_widget->resize(600, 500);
        m_widget->setSpec(test::articleWeights());
        m_widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_widget.get()));
    }

    void cleanup() { m_widget.reset(); }

    void basics()
    {
        QCOMPARE(m_widget->accessibleName(), QStringLiteral("Attention weights α"));
        const QSize hint = m_widget->sizeHint();
        QVERIFY(hint.width() >= m_widget->minimumSizeHint().width());
        QVERIFY(hint.width() <= 960 && hint.height() <= 800);
        QCOMPARE(m_widget->cellGeometry().rows(), Eigen::Index(6));
        QVERIFY(m_widget->cellGeometry().area().width() > 200);
        QCOMPARE(m_widget->renderedImage().size(), m_widget->size() * m_widget->devicePixelRatio());
    }

    void hover_data()
    {
        QTest::addColumn<int>("notches"); // wheel zoom before hovering, at the widget's centre
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::newRow("no zoom, first cell") << 0 << 0 << 0;
        QTest::newRow("no zoom, (2, 3)") << 0 << 2 << 3;
        QTest::newRow("no zoom, last cell") << 0 << 5 << 5;
        QTest::newRow("zoomed 1.25x") << 1 << 2 << 2;
        QTest::newRow("zoomed 2.4x") << 4 << 3 << 3;
        QTest::newRow("zoomed to the limit") << 30 << 2 << 2;
    }

    void hover()
    {
        QFETCH(int, notches);
        QFETCH(int, row);
        QFETCH(int, column);
        QSignalSpy hovered(m_widget.get(), &HeatmapWidget::cellHovered);
        if (notches > 0) {
            const QPoint anchor = m_widget->cellGeometry().area().center().toPoint();
            const std::optional<CellIndex> before = m_widget->cellGeometry().cellAt(anchor);
            wheel(*m_widget, anchor, notches);
            QVERIFY(m_widget->zoom() > 1);
            QVERIFY(m_widget->zoom() <= m_widget->cellGeometry().maxZoom());
            // Zooming keeps the cell under the cursor under it.
            QCOMPARE(m_widget->cellGeometry().cellAt(anchor), before);
        }
        const IndexRange rows = m_widget->cellGeometry().visibleRows();
        QVERIFY2(row >= rows.first && row < rows.last, "the cell is in view");
        QTest::mouseMove(m_widget.get(), centreOf(*m_widget, row, column));
        QVERIFY(!hovered.isEmpty());
        QCOMPARE(lastCell(hovered), std::pair(row, column));

        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(m_widget.get(), &leave);
        QCOMPARE(lastCell(hovered), std::pair(-1, -1));
    }

    void click()
    {
        QSignalSpy clicked(m_widget.get(), &HeatmapWidget::cellClicked);
        QTest::mouseClick(m_widget.get(), Qt::LeftButton, Qt::NoModifier,
                          centreOf(*m_widget, 4, 1));
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(lastCell(clicked), std::pair(4, 1));
        QTest::mouseClick(m_widget.get(), Qt::LeftButton, Qt::NoModifier,
                          QPoint(2, 2)); // outside the cells
        QCOMPARE(clicked.count(), 1);
    }

    void dragPansWithoutClicking()
    {
        QSignalSpy clicked(m_widget.get(), &HeatmapWidget::cellClicked);
        const QPoint centre = m_widget->cellGeometry().area().center().toPoint();
        wheel(*m_widget, centre, 8);
        const QPointF panBefore = m_widget->cellGeometry().pan();
        mouse(*m_widget, QEvent::MouseButtonPress, centre, Qt::LeftButton);
        mouse(*m_widget, QEvent::MouseMove, centre + QPoint(30, 20), Qt::LeftButton);
        mouse(*m_widget, QEvent::MouseButtonRelease, centre + QPoint(30, 20), Qt::NoButton);
        QCOMPARE(m_widget->cellGeometry().pan(), panBefore - QPointF(30, 20));
        QCOMPARE(clicked.count(), 0);
    }

    void doubleClickResets()
    {
        const QPoint centre = m_widget->cellGeometry().area().center().toPoint();
        wheel(*m_widget, centre, 5);
        QVERIFY(m_widget->zoom() > 1);
        // The whole sequence by hand: QTest::mouseDClick leaves the button down in Qt 6.4.
        mouse(*m_widget, QEvent::MouseButtonPress, centre, Qt::LeftButton);
        mouse(*m_widget, QEvent::MouseButtonRelease, centre, Qt::NoButton);
        mouse(*m_widget, QEvent::MouseButtonDblClick, centre, Qt::LeftButton);
        mouse(*m_widget, QEvent::MouseButtonRelease, centre, Qt::NoButton);
        QCOMPARE(m_widget->zoom(), 1.0);
        QCOMPARE(m_widget->cellGeometry().pan(), QPointF(0, 0));
    }

    void tooltipExplainsTheCell()
    {
        const QPoint at = centreOf(*m_widget, 1, 4);
        QHelpEvent help(QEvent::ToolTip, at, m_widget->mapToGlobal(at));
        QApplication::sendEvent(m_widget.get(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        const QString expected = cellDescription(m_widget->spec(), 1, 4);
        QCOMPARE(QToolTip::text(), expected);
        QCOMPARE(expected, QStringLiteral("α[1,4] = softmax row")); // the figure's sentence
        QToolTip::hideText();
    }

    void highlightRepaints()
    {
        const QImage before = m_widget->renderedImage();
        m_widget->setHighlight(2, std::nullopt);
        const QImage after = m_widget->renderedImage();
        const QRectF row = m_widget->cellGeometry().rowRect(2);
        const double ratio = before.devicePixelRatio();
        const QPoint onFrame = (QPointF(row.left() + 2, row.center().y()) * ratio).toPoint();
        const QPoint elsewhere =
            (m_widget->cellGeometry().cellRect(5, 0).topLeft() + QPointF(3, 3)).toPoint() * ratio;
        QVERIFY(before.pixel(onFrame) != after.pixel(onFrame));
        QCOMPARE(after.pixel(elsewhere), before.pixel(elsewhere));
        m_widget->setHighlight(std::nullopt, std::nullopt);
        QCOMPARE(m_widget->renderedImage().pixel(onFrame), before.pixel(onFrame));
    }

    // A new image is "paint pending" until the widget has painted it (the benchmark waits for
    // that, not for a grab of the whole window).
    void paintPendingUntilPainted()
    {
        QTRY_VERIFY(!m_widget->isRenderPending());
        m_widget->repaint();
        QVERIFY(!m_widget->isPaintPending());
        m_widget->setHighlight(1, std::nullopt);
        m_widget->renderedImage(); // a new image, made now (no event processed meanwhile)
        QVERIFY(!m_widget->isRenderPending());
        QVERIFY(m_widget->isPaintPending());
        m_widget->repaint();
        QVERIFY(!m_widget->isPaintPending());
    }

    void newSpecKeepsZoomOnlyForTheSameShape()
    {
        wheel(*m_widget, m_widget->cellGeometry().area().center().toPoint(), 3);
        const double zoomed = m_widget->zoom();
        m_widget->setSpec(test::headGrid().panels[2]); // 6 x 6 again: a recompute
        QCOMPARE(m_widget->zoom(), zoomed);
        m_widget->setSpec(test::signedContext()); // 6 x 4: another tensor
        QCOMPARE(m_widget->zoom(), 1.0);
        QCOMPARE(m_widget->cellGeometry().columns(), Eigen::Index(4));
    }

    void figurePanelsForwardSignals()
    {
        m_widget->hide(); // the mouse goes to the window under the cursor
        FigureWidget figure;
        figure.resize(900, 800);
        figure.setFigure(test::headGrid());
        figure.show();
        QVERIFY(QTest::qWaitForWindowExposed(&figure));
        QCOMPARE(figure.panelCount(), 4);
        QVERIFY(figure.panel(1)->geometry().left() >
                figure.panel(0)->geometry().right()); // two columns
        QVERIFY(figure.panel(2)->geometry().top() > figure.panel(0)->geometry().bottom());
        QCOMPARE(figure.panel(3)->spec().title, QStringLiteral("Head 3"));

        QSignalSpy hovered(&figure, &FigureWidget::cellHovered);
        QSignalSpy clicked(&figure, &FigureWidget::cellClicked);
        HeatmapWidget* panel = figure.panel(3);
        QTest::mouseMove(panel, centreOf(*panel, 5, 2));
        QVERIFY(!hovered.isEmpty());
        QCOMPARE(hovered.last(), (QList<QVariant>{3, 5, 2}));
        QTest::mouseClick(panel, Qt::LeftButton, Qt::NoModifier, centreOf(*panel, 0, 4));
        QCOMPARE(clicked.last(), (QList<QVariant>{3, 0, 4}));

        const QImage untouched = figure.panel(0)->renderedImage();
        figure.setHighlight(1, 2, 3);
        QCOMPARE(figure.panel(0)->renderedImage(), untouched);

        Figure two = test::headGrid();
        two.panels.resize(2);
        figure.setFigure(two);
        QCOMPARE(figure.panelCount(), 2);
        QCOMPARE(figure.panel(2), nullptr);
    }

    void narrowFigureHasFewerColumns()
    {
        m_widget->hide();
        Figure twelve = test::headGrid();
        twelve.columns = 4;
        while (twelve.panels.size() < 12)
            twelve.panels.push_back(twelve.panels.front());
        FigureWidget figure;
        const int comfortable = figure.fontMetrics().height() * FigureWidget::ComfortableLines;
        figure.resize(4 * comfortable + 10, 800);
        figure.setFigure(twelve);
        QCOMPARE(figure.columnCount(), 4); // wide enough: the figure's own columns
        figure.show();
        QVERIFY(QTest::qWaitForWindowExposed(&figure));
        figure.resize(2 * comfortable + 10, 800);
        QCOMPARE(figure.columnCount(), 2);
        QCoreApplication::processEvents(); // the grid's new geometry
        QCOMPARE(figure.panel(2)->geometry().left(),
                 figure.panel(0)->geometry().left()); // panel 2 starts row 2
        QVERIFY(figure.panel(2)->geometry().top() > figure.panel(1)->geometry().bottom());
        figure.resize(comfortable / 2, 800);
        QCOMPARE(figure.columnCount(), 1); // never none
        figure.resize(10 * comfortable, 800);
        QCOMPARE(figure.columnCount(), 4); // never more than the figure asks for
    }

    // The dropout figure at 11 tokens: three labelled panels in a row would leave a few
    // pixels per cell; the figure takes fewer columns and every cell is a line high.
    void labelledPanelsGetRoomForTheirCells()
    {
        m_widget->hide();
        HeatmapSpec spec = test::articleWeights();
        Matrix m = Matrix::Constant(11, 11, 0.09f);
        spec.matrix = std::make_shared<Matrix>(m);
        spec.rowLabels = spec.columnLabels = {};
        for (int i = 0; i < 11; ++i)
            spec.rowLabels << QStringLiteral("token%1").arg(i);
        spec.columnLabels = spec.rowLabels;
        Figure three;
        three.columns = 3;
        three.panels = {spec, spec, spec};
        FigureWidget figure;
        const int line = figure.fontMetrics().height();
        figure.resize(3 * line * FigureWidget::ComfortableLines + 10, 800);
        figure.setFigure(three);
        figure.show();
        QVERIFY(QTest::qWaitForWindowExposed(&figure));
        QVERIFY2(figure.columnCount() < 3, qPrintable(QString::number(figure.columnCount())));
        QCoreApplication::processEvents();
        QVERIFY(figure.panel(0)->cellGeometry().cellWidth() >= line);
        figure.resize(4000, 800);
        QCOMPARE(figure.columnCount(), 3); // room enough: side by side again
    }

    void heightFollowsWidthInANarrowColumn()
    {
        const QSize preferred = m_widget->sizeHint();
        QCOMPARE(m_widget->heightForWidth(preferred.width()), preferred.height());
        QCOMPARE(m_widget->heightForWidth(2 * preferred.width()), preferred.height());
        const int half = m_widget->heightForWidth(preferred.width() / 2);
        QVERIFY2(half < preferred.height() && half >= m_widget->minimumSizeHint().height(),
                 qPrintable(QString::number(half)));
        QCOMPARE(m_widget->heightForWidth(1), m_widget->minimumSizeHint().height());
    }

    // A widget destroyed while its image renders on a view thread gets nothing delivered
    // (QFuture::then(widget, …) could post the image to the freed widget: a crash in the
    // event loop, seen once under ASan). Destroyed at staggered moments, some around the
    // render's end; a widget that lives still gets its image.
    void destroyedWhileRendering()
    {
        const HeatmapSpec large = test::randomScores(100); // rendered off the GUI thread
        for (int i = 0; i < 120; ++i) {
            auto widget = std::make_unique<HeatmapWidget>();
            widget->setSpec(large);
            widget->resize(400, 300);
            widget->show();
            QVERIFY(widget->isRenderPending());
            // The render starts on the next turn of the event loop (after the resizes of a
            // layout settling): then it is in flight. One pass of the loop at a time: a
            // QTRY_VERIFY waits up to 50 ms between checks, time for a fast render to start,
            // finish and be delivered before the check (seen once in a loaded test run).
            const auto* start = widget->findChild<QTimer*>(QStringLiteral("render_timer"));
            QVERIFY(start);
            QDeadlineTimer deadline(10000);
            while (start->isActive() && !deadline.hasExpired())
                QCoreApplication::processEvents();
            QVERIFY(!start->isActive());
            QVERIFY(widget->isRenderPending());
            QElapsedTimer spin;
            spin.start();
            while (spin.nsecsElapsed() < (i % 30) * 100'000) {
            }
            widget.reset();
            if (i % 10 == 0)
                QCoreApplication::processEvents();
        }
        viewJobs()->waitForDone();
        QCoreApplication::processEvents(); // deliveries to the destroyed widgets, had any been
                                           // posted

        HeatmapWidget survivor;
        QSignalSpy rendered(&survivor, &HeatmapWidget::rendered);
        survivor.setSpec(large);
        survivor.resize(400, 300);
        survivor.show();
        QVERIFY(survivor.isRenderPending());
        QVERIFY(rendered.wait(10000));
        QVERIFY(!survivor.isRenderPending());
        QCOMPARE(survivor.renderedImage().size(), survivor.size() * survivor.devicePixelRatio());
    }

    // A layout settling resizes a panel several times in one pass (a page of 30 new panels:
    // 8 times each): a large view starts no render per resize, one after the pass.
    void largeViewRendersOnceAfterAPassOfResizes()
    {
        HeatmapWidget widget;
        QSignalSpy rendered(&widget, &HeatmapWidget::rendered);
        widget.setSpec(test::randomScores(100)); // rendered off the GUI thread
        widget.resize(400, 300);
        widget.show();
        QVERIFY(rendered.wait(10000));
        const auto jobs = [&] { return widget.findChildren<QFutureWatcherBase*>().size(); };
        const auto before = jobs(); // the first render's, until its deferred deletion
        for (int width = 401; width <= 408; ++width)
            widget.resize(width, 300); // delivered now: the widget is visible
        QVERIFY(widget.isRenderPending());
        QCOMPARE(jobs(), before); // no job yet
        QVERIFY(rendered.wait(10000));
        QCOMPARE(rendered.size(), 2);
        QCOMPARE(widget.renderedImage().size(), QSize(408, 300) * widget.devicePixelRatio());
    }

    // A small view resized many times in one pass of a layout is rendered once, at the paint
    // that follows, with that paint showing the last size (a render per resize held the GUI
    // thread some 20 ms on SmolLM2's head roles page).
    void smallViewRendersOnceAtItsPaintAfterAPassOfResizes()
    {
        HeatmapWidget widget;
        widget.setSpec(test::articleWeights()); // 6 x 6: rendered on the GUI thread
        widget.resize(300, 250);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QTRY_VERIFY(!widget.isRenderPending());
        QSignalSpy rendered(&widget, &HeatmapWidget::rendered);
        for (int width = 301; width <= 308; ++width)
            widget.resize(width, 250); // delivered now: the widget is visible
        QCOMPARE(rendered.size(), 0);
        QVERIFY(widget.isRenderPending());
        widget.repaint();
        QCOMPARE(rendered.size(), 1);
        QVERIFY(!widget.isRenderPending());
        QVERIFY(!widget.isPaintPending()); // the paint that made the image showed it
        QCOMPARE(widget.renderedImage().size(), QSize(308, 250) * widget.devicePixelRatio());
        QCOMPARE(rendered.size(), 1);
    }

    // Few cells on a small view are painted at once, on the GUI thread; the same cells across
    // a large view (more than 512 x 512 device pixels) in a worker, whose labels and values
    // would otherwise hold the GUI thread (the head view across a wide window: 7-15 ms).
    void largeViewOfFewCellsRendersInAWorker()
    {
        HeatmapWidget widget;
        widget.setSpec(test::articleWeights()); // 6 x 6
        widget.resize(300, 250);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QTRY_VERIFY(!widget.isRenderPending());
        widget.resize(320, 260); // delivered now: rendered at the paint that follows
        QVERIFY(widget.isRenderPending());
        widget.repaint();
        QVERIFY(!widget.isRenderPending());
        QCOMPARE(widget.renderedImage().size(), QSize(320, 260) * widget.devicePixelRatio());

        QSignalSpy rendered(&widget, &HeatmapWidget::rendered);
        widget.resize(900, 700);
        QVERIFY(widget.isRenderPending());
        QVERIFY(rendered.wait(10000));
        QVERIFY(!widget.isRenderPending());
        QCOMPARE(widget.renderedImage().size(), QSize(900, 700) * widget.devicePixelRatio());
    }

private:
    std::unique_ptr<HeatmapWidget> m_widget;
};

QTEST_MAIN(TestHeatmapWidget)
#include "tst_heatmapwidget.moc"
