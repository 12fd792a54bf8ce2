// The wheel over a heatmap belongs to the page: a plain wheel scrolls the scroll area around
// it and leaves the zoom alone; Ctrl+wheel, a pinch and the + and − keys zoom; Ctrl+0 (and
// the indicator) reset; the zoom indicator is shown exactly while the view is zoomed.
#include "HeatmapFixtures.h"
#include "HeatmapWidget.h"
#include "ZoomIndicator.h"

#include <QApplication>
#include <QNativeGestureEvent>
#include <QPointingDevice>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QVBoxLayout>

using namespace ae;

namespace {

bool sendWheel(QWidget* widget, QPoint at, int notches, Qt::KeyboardModifiers modifiers)
{
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton,
                      modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
    return event.isAccepted();
}

} // namespace

class TestHeatmapZoom : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        // A page taller than its scroll area: two heatmaps one above the other.
        m_area = std::make_unique<QScrollArea>();
        m_area->setWidgetResizable(true);
        auto* content = new QWidget;
        auto* layout = new QVBoxLayout(content);
        for (int i = 0; i < 2; ++i) {
            auto* heatmap = new HeatmapWidget(content);
            heatmap->setSpec(test::articleWeights());
            heatmap->setMinimumHeight(500);
            layout->addWidget(heatmap);
            m_heatmaps.push_back(heatmap);
        }
        m_area->setWidget(content);
        m_area->resize(600, 400);
        m_area->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_area.get()));
        QVERIFY(m_area->verticalScrollBar()->maximum() > 0);
    }

    void cleanup()
    {
        m_heatmaps.clear();
        m_area.reset();
    }

    void plainWheelScrollsThePage_data()
    {
        QTest::addColumn<int>("notches");
        QTest::addColumn<bool>("zoomedFirst");
        QTest::newRow("down, at 100 %") << -1 << false;
        QTest::newRow("down, zoomed in") << -1 << true;
        QTest::newRow("up, zoomed in") << 1 << true;
    }

    void plainWheelScrollsThePage()
    {
        QFETCH(int, notches);
        QFETCH(bool, zoomedFirst);
        HeatmapWidget* heatmap = m_heatmaps.front();
        const QPoint centre = heatmap->cellGeometry().area().center().toPoint();
        if (zoomedFirst)
            heatmap->zoomBy(2);
        const double zoom = heatmap->zoom();
        QScrollBar* bar = m_area->verticalScrollBar();
        bar->setValue(notches < 0 ? 0 : bar->maximum());
        const int before = bar->value();
        QVERIFY(!sendWheel(heatmap, centre, notches, Qt::NoModifier)); // ignored: for the parents
        // What QApplication does with an ignored wheel event from the window system: on to the
        // parents until one takes it (a synthesized event is not passed on, so it is done here).
        for (QWidget* w = heatmap->parentWidget(); w; w = w->parentWidget())
            if (sendWheel(w, heatmap->mapTo(w, centre), notches, Qt::NoModifier))
                break;
        QVERIFY2(bar->value() != before, "the page did not scroll");
        QCOMPARE(notches<0, bar->value()> before);
        QCOMPARE(heatmap->zoom(), zoom);
    }

    void controlWheelZooms()
    {
        HeatmapWidget* heatmap = m_heatmaps.front();
        const QPoint centre = heatmap->cellGeometry().area().center().toPoint();
        const int before = m_area->verticalScrollBar()->value();
        QVERIFY(sendWheel(heatmap, centre, 2, Qt::ControlModifier));
        QCOMPARE(heatmap->zoom(), HeatmapWidget::WheelZoomStep * HeatmapWidget::WheelZoomStep);
        QCOMPARE(m_area->verticalScrollBar()->value(), before);
        QVERIFY(sendWheel(heatmap, centre, -2, Qt::ControlModifier));
        QCOMPARE(heatmap->zoom(), 1.0);
    }

    void pinchZooms()
    {
        HeatmapWidget* heatmap = m_heatmaps.front();
        const QPointF centre = heatmap->cellGeometry().area().center();
        QNativeGestureEvent pinch(Qt::ZoomNativeGesture, QPointingDevice::primaryPointingDevice(),
                                  2, centre, centre, heatmap->mapToGlobal(centre), 0.5, QPointF());
        QApplication::sendEvent(heatmap, &pinch);
        QVERIFY(pinch.isAccepted());
        QCOMPARE(heatmap->zoom(), 1.5);
    }

    void keysZoomAndReset_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("modifiers");
        QTest::addColumn<double>("expected"); // zoom after 2x, then the key
        QTest::newRow("+") << int(Qt::Key_Plus) << int(Qt::NoModifier)
                           << 2 * HeatmapWidget::WheelZoomStep;
        QTest::newRow("=") << int(Qt::Key_Equal) << int(Qt::NoModifier)
                           << 2 * HeatmapWidget::WheelZoomStep;
        QTest::newRow("-") << int(Qt::Key_Minus) << int(Qt::NoModifier)
                           << 2 / HeatmapWidget::WheelZoomStep;
        QTest::newRow("Ctrl+0") << int(Qt::Key_0) << int(Qt::ControlModifier) << 1.0;
        QTest::newRow("0 alone") << int(Qt::Key_0) << int(Qt::NoModifier) << 2.0;
    }

    void keysZoomAndReset()
    {
        QFETCH(int, key);
        QFETCH(int, modifiers);
        QFETCH(double, expected);
        HeatmapWidget* heatmap = m_heatmaps.front();
        heatmap->zoomBy(2);
        heatmap->setFocus();
        QTest::keyClick(heatmap, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
        QCOMPARE(heatmap->zoom(), expected);
    }

    // Ctrl+0 is also the window's text zoom reset: a zoomed heatmap claims it first.
    void controlZeroOverridesTheWindowShortcutOnlyWhileZoomed()
    {
        HeatmapWidget* heatmap = m_heatmaps.front();
        QKeyEvent atFull(QEvent::ShortcutOverride, Qt::Key_0, Qt::ControlModifier);
        atFull.ignore();
        QApplication::sendEvent(heatmap, &atFull);
        QVERIFY(!atFull.isAccepted());
        heatmap->zoomBy(2);
        QKeyEvent zoomed(QEvent::ShortcutOverride, Qt::Key_0, Qt::ControlModifier);
        zoomed.ignore();
        QApplication::sendEvent(heatmap, &zoomed);
        QVERIFY(zoomed.isAccepted());
    }

    void indicatorShowsTheZoom()
    {
        HeatmapWidget* heatmap = m_heatmaps.front();
        const ZoomIndicator* indicator = heatmap->zoomIndicator();
        QVERIFY(!indicator->isVisible());
        heatmap->zoomBy(2.5);
        QVERIFY(indicator->isVisible());
        QCOMPARE(indicator->text(), ZoomIndicator::label(2.5));
        QVERIFY(indicator->text().contains(QStringLiteral("250")));
        QVERIFY(heatmap->rect().contains(indicator->geometry())); // whole, in the heatmap's corner
        QVERIFY(indicator->geometry().right() > heatmap->width() / 2);
        QTest::mouseClick(const_cast<ZoomIndicator*>(indicator), Qt::LeftButton);
        QCOMPARE(heatmap->zoom(), 1.0);
        QVERIFY(!indicator->isVisible());
        QVERIFY(!m_heatmaps.back()->zoomIndicator()->isVisible());
    }

private:
    std::unique_ptr<QScrollArea> m_area;
    std::vector<HeatmapWidget*> m_heatmaps;
};

QTEST_MAIN(TestHeatmapZoom)
#include "tst_heatmapzoom.moc"
