#include "UiBenchmark.h"

#include "SessionValidator.h"

#include "AblationPage.h"
#include "Engine.h"
#include "EventWatch.h"
#include "FigurePage.h"
#include "FigureWidget.h"
#include "FlashPage.h"
#include "GeneratePage.h"
#include "GuiFirst.h"
#include "HeadRolesPage.h"
#include "HeatmapPainter.h"
#include "HeatmapWidget.h"
#include "LoopTurns.h"
#include "MainWindow.h"
#include "ModelRun.h"
#include "ModelViewPage.h"
#include "SessionDocument.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "ViewExtent.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPainter>
#include <QPointer>
#include <QSpinBox>
#include <QTimer>
#include <QtConcurrent>

#include <algorithm>
#include <functional>
#include <malloc.h>

namespace ae {

namespace {

constexpr QSize ViewSize(480, 480);
constexpr int WaitLimitMs = 120000;

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

// The turns' longest work, for the block of what they measured; their longest wait goes to the
// whole run's.
double workOf(const LoopLongest& turns, UiTimings& timings)
{
    timings.guiMaxWaitMs = std::max(timings.guiMaxWaitMs, turns.waitMs);
    return turns.workMs;
}

// Into `block` (with its split), when the turns' longest work is longer.
void recordBlock(const LoopLongest& turns, UiTimings& timings, UiTimings::Block& block)
{
    if (workOf(turns, timings) > block.ms)
        block = {turns.workMs, turns.workCpuMs, turns.workQueuedMs};
}

// Into the run's longest event, when the watch's is longer.
void recordEvent(EventWatch& watch, UiTimings& timings)
{
    if (const double ms = watch.longestMs(); ms > timings.guiMaxEventMs) {
        timings.guiMaxEventMs = ms;
        timings.guiMaxBlockEvent = watch.longest();
    }
}

std::vector<HeatmapWidget*> visibleHeatmaps(MainWindow& window)
{
    std::vector<HeatmapWidget*> visible;
    for (HeatmapWidget* widget : window.findChildren<HeatmapWidget*>())
        if (widget->isVisible())
            visible.push_back(widget);
    return visible;
}

// Runs the event loop until `arrived` says the window has the new result and every visible
// page and heatmap shows it, painted where it is on screen, recording into `longest` the
// longest work of one turn of the loop (the repaint included: the app's own, of what changed;
// a grab of the whole window would also paint every unchanged widget, and Qt 6.4 splits each
// fill taller than 96 rows across its global thread pool and waits for it: 10-40 ms, mostly
// waiting, on this 2-core VM) and the longest wait of one (the poll below is due every
// millisecond).
void waitUntilPainted(MainWindow& window, const std::function<bool()>& arrived,
                      LoopLongest& longest)
{
    const LoopTurns turns;
    QEventLoop loop;
    // Looked up once: a long text's window has thousands of objects, and walking them every
    // millisecond would itself block the GUI thread it measures.
    const QList<FigurePage*> figurePages = window.findChildren<FigurePage*>();
    const QList<ModelViewPage*> modelPages = window.findChildren<ModelViewPage*>();
    const QList<FlashPage*> flashPages = window.findChildren<FlashPage*>();
    const QList<HeadRolesPage*> rolesPages = window.findChildren<HeadRolesPage*>();
    const auto pending = [](HeatmapWidget& widget) {
        return widget.isRenderPending() ||
               (widget.isPaintPending() && !widget.visibleRegion().isEmpty());
    };
    std::vector<QPointer<HeatmapWidget>> stillPending;
    QTimer poll;
    poll.setObjectName(QStringLiteral("benchmark_poll"));
    poll.setInterval(1);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (!arrived())
            return;
        for (FigurePage* page : figurePages)
            if (page->isVisible() && page->isUpdatePending())
                return; // its figures are still being built
        for (ModelViewPage* page : modelPages)
            if (page->isVisible() && page->isUpdatePending())
                return; // its thumbnails are still being computed
        for (FlashPage* page : flashPages)
            if (page->isVisible() && page->isUpdatePending())
                return; // its result is still being built
        for (HeadRolesPage* page : rolesPages)
            if (page->isVisible() && page->isUpdatePending())
                return; // its heads are still being scored
        // The heatmaps a walk of the window found still pending are looked at again on the
        // next polls without a new walk (thousands of objects in a long text's window: one
        // walk held the GUI thread it measures for up to 13 ms); once they are done, a walk
        // looks for any made meanwhile, and only a walk that finds none ends the wait.
        for (const QPointer<HeatmapWidget>& widget : stillPending)
            if (widget && widget->isVisible() && pending(*widget))
                return;
        stillPending.clear();
        for (HeatmapWidget* widget : visibleHeatmaps(window))
            if (pending(*widget))
                stillPending.emplace_back(widget);
        if (stillPending.empty())
            loop.quit();
    });
    poll.start();
    // Never for ever: a change the window refuses brings no new result.
    QTimer::singleShot(WaitLimitMs, &loop, &QEventLoop::quit);
    loop.exec();
    longest.merge(turns.longest());
}

// The window shows a trace of these tokens (not the one of the session it started with).
bool showsTokens(const MainWindow& window, const std::vector<std::string>& tokens)
{
    return window.trace() && window.trace()->tokens == tokens;
}

// The flash page's stepper: the next tile until its figure is painted, `runs` times.
void measureFlashSteps(MainWindow& window, int runs, UiTimings& timings)
{
    auto* flash = window.findChild<FlashPage*>();
    if (!flash || !window.showPage(QStringLiteral("flash")))
        return;
    LoopLongest ignored;
    waitUntilPainted(
        window, [&] { return flash->stepCount() > 0; }, ignored);
    std::vector<double> steps;
    for (int i = 0; i < runs; ++i) {
        const QString before = flash->tileFigure()->figure().name;
        LoopLongest turns;
        QElapsedTimer timer;
        timer.start();
        flash->setStep((flash->step() + 1) % flash->stepCount());
        // What a step repaints is the tile's figure (the result and the traffic stay).
        waitUntilPainted(
            window, [&] { return flash->tileFigure()->figure().name != before; }, turns);
        steps.push_back(double(timer.nsecsElapsed()) / 1e6);
        timings.flashStepMaxBlockMs = std::max(timings.flashStepMaxBlockMs, workOf(turns, timings));
    }
    timings.flashStepMs = median(steps);
}

// The GUI thread while the analyses run in the background: every head ablated (for sentences
// up to MaxAblatedTokens: at 1,000 tokens it takes minutes, which a user can follow and cancel
// but a benchmark should not wait for), then twenty tokens generated, each until its result is
// on the page.
constexpr Eigen::Index MaxAblatedTokens = 64;

void measureAnalysisPages(MainWindow& window, UiTimings& timings)
{
    auto* ablation = window.findChild<AblationPage*>();
    if (ablation && window.modelRun() &&
        window.modelRun()->trace->tokenCount() <= MaxAblatedTokens &&
        window.showPage(QStringLiteral("ablation"))) {
        LoopLongest ignored;
        waitUntilPainted(
            window, [&] { return !ablation->isUpdatePending(); }, ignored);
        QElapsedTimer timer;
        timer.start();
        ablation->ablateEveryHead();
        LoopLongest turns;
        waitUntilPainted(
            window, [&] { return !ablation->isUpdatePending() && ablation->grid(); }, turns);
        timings.ablateAllMaxBlockMs = workOf(turns, timings);
        timings.ablateAllMs = double(timer.nsecsElapsed()) / 1e6;
    }
    auto* generate = window.findChild<GeneratePage*>();
    if (generate && window.showPage(QStringLiteral("generate"))) {
        generate->countBox()->setValue(std::min(20, generate->countBox()->maximum()));
        QElapsedTimer timer;
        timer.start();
        EventWatch watch;
        generate->start();
        LoopLongest turns;
        waitUntilPainted(
            window, [&] { return !generate->isRunning(); }, turns);
        recordBlock(turns, timings, timings.generateMaxBlock);
        timings.generateMaxEvent = watch.longest();
        timings.generateMs = double(timer.nsecsElapsed()) / 1e6;
        timings.generatedTokens = int(generate->steps().size());
    }
}

// What the caller's timed forwards left behind that the app would not have, undone.
void startAsTheApp()
{
    // They ran on this thread and started OpenBLAS's workers and an OpenMP team at its
    // priority; in the app the compute thread starts them, behind this one.
    putOtherThreadsBehindTheGui();
    // Their freed tensors stayed in the heap (main() keeps freed memory there): a window whose
    // compute thread draws another of glibc's heaps adds its own on top, and peak_rss_mb
    // counted both (GPT-2 at 1,024 tokens: 1,587 MB once in eleven runs, 1,087-1,107 MB in the
    // others).
    malloc_trim(0);
}

} // namespace

UiTimings measureUi(const Session& session, int runs)
{
    startAsTheApp();
    UiTimings timings;
    const ComputeResult computed = Engine().compute(session, viewWeightsReduction);
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
    LoopLongest ignored;
    const auto arrivedFirst = [&] { return showsTokens(window, computed.trace->tokens); };
    waitUntilPainted(window, arrivedFirst, ignored);
    window.showPage(computed.trace->heads.size() > 1 ? QStringLiteral("heads")
                                                     : QStringLiteral("weights"));
    waitUntilPainted(window, arrivedFirst, ignored);
    timings.visibleHeatmaps = int(visibleHeatmaps(window).size());

    std::vector<double> updates, toNegInf, toRenormalize, toOwnKernel;
    for (int i = 0; i < 2 * runs; ++i) {
        const auto before = window.trace();
        LoopLongest turns;
        QElapsedTimer timer;
        timer.start();
        // A control change: the causal masking method (with the embedding and the
        // parameters unchanged, as for most controls: the engine memoises those stages). The
        // flash kernel has no renormalising mask: there the kernel itself, standard and back,
        // the updates to flash counted. Where neither is allowed, the weight seed, so that the
        // benchmark never waits for a result that cannot come.
        window.document()->edit([&session](Session& s) {
            Session other = s;
            if (session.kernel == KernelKind::Flash)
                other.kernel =
                    s.kernel == KernelKind::Flash ? KernelKind::Standard : KernelKind::Flash;
            else
                other.maskMethod = s.maskMethod == MaskMethod::NegInf ? MaskMethod::Renormalize
                                                                      : MaskMethod::NegInf;
            if (validateSession(other)) {
                other = s;
                other.weightSeed ^= 1;
            }
            s = other;
        });
        EventWatch watch;
        waitUntilPainted(
            window, [&] { return window.trace() != before; }, turns);
        recordEvent(watch, timings);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        updates.push_back(ms);
        const Session& shown = window.trace()->session;
        (shown.maskMethod == MaskMethod::NegInf ? toNegInf : toRenormalize).push_back(ms);
        if (shown.kernel == session.kernel)
            toOwnKernel.push_back(ms);
        recordBlock(turns, timings, timings.guiMaxBlock);
        // Counted after each update too: the first wait may end before a long text's page
        // has shown its figures.
        timings.visibleHeatmaps =
            std::max(timings.visibleHeatmaps, int(visibleHeatmaps(window).size()));
    }
    // With the kernel toggled, the updates into the session's own kernel.
    timings.uiUpdateMs = median(toOwnKernel.size() < updates.size() ? toOwnKernel : updates);
    timings.uiUpdateToNegInfMs = median(toNegInf);
    timings.uiUpdateToRenormalizeMs = median(toRenormalize);
    if (window.trace()->heads.front().flash)
        measureFlashSteps(window, runs, timings);
    window.document()->setSession(session); // not modified: no question on close
    return timings;
}

UiTimings measureModelUi(const Session& session, int runs)
{
    startAsTheApp();
    UiTimings timings;
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.document()->setSession(session);
    window.showPage(QStringLiteral("model_view"));
    LoopLongest ignored;
    const auto modelShown = [&] { return window.modelRun() && window.trace(); };
    waitUntilPainted(window, modelShown, ignored);
    if (!window.modelRun())
        return timings;

    // Typing: the last word taken away, then put back (a word appended could be a token the
    // checkpoint's vocabulary does not have).
    const std::string sentence = session.sentence;
    const std::size_t lastSpace = sentence.find_last_of(' ');
    if (lastSpace == std::string::npos || lastSpace == 0)
        return timings; // one word: nothing to take away
    const std::string shorter = sentence.substr(0, lastSpace);
    // The sentence changed to `edited` and back, `runs` times: each change's time until painted
    // (median) and the longest the GUI thread blocked meanwhile.
    // `forwards`, when given, gets each change's forward beside its update.
    struct Forward
    {
        double ms = 0;
        Eigen::Index reusedRows = 0; // of the text before the change (ModelTrace::reusedRows)
    };
    const auto typing = [&](const std::string& edited, int runs, UiTimings::Block& maxBlock,
                            std::vector<double>* updatesOut = nullptr,
                            std::vector<Forward>* forwards = nullptr) {
        std::vector<double> updates;
        for (int i = 0; i < 2 * runs; ++i) { // an even number: the sentence whole again
            const auto before = window.modelRun();
            const auto beforeTrace = window.trace();
            LoopLongest turns;
            QElapsedTimer timer;
            timer.start();
            EventWatch watch;
            window.document()->edit(
                [&](Session& s) { s.sentence = i % 2 == 0 ? edited : sentence; });
            waitUntilPainted(
                window,
                [&] {
                    return window.modelRun() && window.modelRun() != before &&
                           window.trace() != beforeTrace;
                },
                turns);
            recordEvent(watch, timings);
            updates.push_back(double(timer.nsecsElapsed()) / 1e6);
            if (forwards)
                forwards->push_back(
                    {window.modelRun()->forwardMs, window.modelRun()->trace->reusedRows});
            recordBlock(turns, timings, maxBlock);
        }
        if (updatesOut)
            *updatesOut = updates;
        return median(updates);
    };
    // The edit at the start on the page shown: of its two edits, the one longest beyond its
    // own forward.
    const std::size_t firstSpace = sentence.find(' ');
    UiTimings::Block editBlock;
    const auto editAtStart = [&](UiTimings::Page& page) {
        if (firstSpace == std::string::npos)
            return;
        std::vector<double> updates;
        std::vector<Forward> forwards;
        typing(sentence.substr(firstSpace + 1), 1, editBlock, &updates, &forwards);
        for (std::size_t i = 0; i < updates.size(); ++i) {
            if (page.editStartMs == 0 ||
                updates[i] - forwards[i].ms > page.editStartMs - page.editStartForwardMs) {
                page.editStartMs = updates[i];
                page.editStartForwardMs = forwards[i].ms;
            }
            timings.editStartReusedTokens =
                std::max(timings.editStartReusedTokens, int(forwards[i].reusedRows));
        }
    };
    // One edit and back before the pages' typing is measured: the heap was given back to the
    // system as the benchmark started (startAsTheApp), and the first edits on it took 19-28 ms
    // of the GUI thread on the model view against 5-8 ms on a heap in use (GPT-2 at 1,024
    // tokens, three alternating runs each; a fresh process: 6.1-6.4 ms). The app's idle trim
    // leaves its heap the same way: that first edit's block is reported on its own, and its
    // longest event and wait are not the run's.
    const double eventMs = timings.guiMaxEventMs, waitMs = timings.guiMaxWaitMs;
    const std::string event = timings.guiMaxBlockEvent;
    typing(shorter, 1, timings.firstEditBlock);
    timings.guiMaxEventMs = eventMs;
    timings.guiMaxWaitMs = waitMs;
    timings.guiMaxBlockEvent = event;
    for (const char* id : {"model_view", "weights", "head_view", "head_roles"}) {
        UiTimings::Page page;
        page.id = id;
        window.showPage(QString::fromLatin1(id));
        waitUntilPainted(window, modelShown, ignored); // the page built for the sentence
        page.visibleHeatmaps = int(visibleHeatmaps(window).size());
        UiTimings::Block pageBlock;
        page.uiUpdateMs = typing(shorter, runs, pageBlock);
        page.guiMaxBlockMs = pageBlock.ms;
        editAtStart(page);
        if (page.editStartMs - page.editStartForwardMs >
            timings.editStartMs - timings.editStartForwardMs) {
            timings.editStartMs = page.editStartMs;
            timings.editStartForwardMs = page.editStartForwardMs;
        }
        timings.uiUpdateMs = std::max(timings.uiUpdateMs, page.uiUpdateMs);
        if (pageBlock.ms > timings.guiMaxBlock.ms)
            timings.guiMaxBlock = pageBlock;
        timings.visibleHeatmaps = std::max(timings.visibleHeatmaps, page.visibleHeatmaps);
        timings.pages.push_back(std::move(page));
    }
    timings.editStartMaxBlockMs = editBlock.ms;
    measureAnalysisPages(window, timings);
    window.document()->setSession(session); // not modified: no question on close
    return timings;
}

} // namespace ae
