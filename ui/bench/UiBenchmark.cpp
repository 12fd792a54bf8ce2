#include "UiBenchmark.h"

#include "Engine.h"
#include "FigurePage.h"
#include "HeatmapPainter.h"
#include "HeatmapWidget.h"
#include "MainWindow.h"
#include "SessionDocument.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPainter>
#include <QTimer>
#include <QtConcurrent>

#include <algorithm>

namespace ae {

namespace {

constexpr QSize ViewSize(480, 480);

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

double renderHeads(const std::shared_ptr<const Trace>& trace)
{
    std::vector<int> heads(trace->heads.size());
    for (std::size_t h = 0; h < heads.size(); ++h)
        heads[h] = int(h);
    QElapsedTimer timer;
    timer.start();
    QtConcurrent::blockingMap(heads, [&trace](int head) {
        const HeatmapSpec spec = figures::weights(trace, head);
        const HeatmapPainter painter;
        QImage image(ViewSize, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&image);
        painter.paint(p, spec, QRectF(QPointF(0, 0), QSizeF(ViewSize)));
    });
    return double(timer.nsecsElapsed()) / 1e6;
}

std::vector<HeatmapWidget*> visibleHeatmaps(MainWindow& window)
{
    std::vector<HeatmapWidget*> visible;
    for (HeatmapWidget* widget : window.findChildren<HeatmapWidget*>())
        if (widget->isVisible())
            visible.push_back(widget);
    return visible;
}

// Runs the event loop until every visible heatmap shows an image of the latest trace,
// recording the longest gap between two turns of the loop.
void waitUntilPainted(MainWindow& window, const std::shared_ptr<const Trace>& before,
                      double& maxGapMs)
{
    QElapsedTimer sinceTick;
    sinceTick.start();
    QTimer ticker;
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        maxGapMs = std::max(maxGapMs, double(sinceTick.nsecsElapsed()) / 1e6);
        sinceTick.restart();
    });
    ticker.start();
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(1);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (window.trace() == before)
            return;
        for (FigurePage* page : window.findChildren<FigurePage*>())
            if (page->isVisible() && page->isUpdatePending())
                return; // its figures are still being built

        for (HeatmapWidget* widget : visibleHeatmaps(window))
            if (widget->isRenderPending())
                return;
        loop.quit();
    });
    poll.start();
    loop.exec();
    window.grab(); // the paint events themselves
    maxGapMs = std::max(maxGapMs, double(sinceTick.nsecsElapsed()) / 1e6);
}

} // namespace

UiTimings measureUi(const Session& session, int runs)
{
    UiTimings timings;
    const ComputeResult computed = Engine().compute(session);
    if (!computed.trace)
        return timings;

    std::vector<double> renders;
    for (int i = 0; i < runs; ++i)
        renders.push_back(renderHeads(computed.trace));
    timings.renderMs = median(renders);

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.document()->setSession(session);
    double ignored = 0;
    waitUntilPainted(window, nullptr, ignored);
    window.showPage(computed.trace->heads.size() > 1 ? QStringLiteral("heads")
                                                     : QStringLiteral("weights"));
    waitUntilPainted(window, nullptr, ignored);
    timings.visibleHeatmaps = int(visibleHeatmaps(window).size());

    std::vector<double> updates, toNegInf, toRenormalize;
    for (int i = 0; i < 2 * runs; ++i) {
        const auto before = window.trace();
        double maxGap = 0;
        QElapsedTimer timer;
        timer.start();
        // A control change: the causal masking method (with the embedding and the
        // parameters unchanged, as for most controls: the engine memoises those stages).
        window.document()->edit([](Session& s) {
            s.maskMethod =
                s.maskMethod == MaskMethod::NegInf ? MaskMethod::Renormalize : MaskMethod::NegInf;
        });
        waitUntilPainted(window, before, maxGap);
        updates.push_back(double(timer.nsecsElapsed()) / 1e6);
        (window.trace()->session.maskMethod == MaskMethod::NegInf ? toNegInf : toRenormalize)
            .push_back(updates.back());
        timings.guiMaxBlockMs = std::max(timings.guiMaxBlockMs, maxGap);
    }
    timings.uiUpdateMs = median(updates);
    timings.uiUpdateToNegInfMs = median(toNegInf);
    timings.uiUpdateToRenormalizeMs = median(toRenormalize);
    window.document()->setSession(session); // not modified: no question on close
    return timings;
}

} // namespace ae
