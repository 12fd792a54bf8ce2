#pragma once

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <type_traits>
#include <utility>

class QThreadPool;

namespace ae {

// The threads that compute what views show: heatmap images, a page's figures, a model's
// thumbnails (one per core). As the application object is destroyed, the jobs not started
// on these pools are dropped and the running ones waited for (qAddPostRoutine). Never Qt's global
// pool: Qt 6's raster paint engine splits the GUI thread's own large fills (a window's background,
// a scroll bar) across the global pool and waits for them, so a view job there made every repaint
// of the window wait behind it (measured: paints of 1.5 ms of CPU taking 9 ms, blocked on the
// fills' semaphore).
QThreadPool* viewJobs();

// The threads of the long analyses (head detectors, every head ablated, generation: the
// AnalysisTask of each page), off Qt's global pool for the same reason: an analysis there
// holds a thread that the GUI thread's parallel fills may wait for.
QThreadPool* analysisJobs();

// Threads for the parts of one view job that run side by side (a page's panels): a job on
// viewJobs() that waited there for helpers would hold a thread they need.
QThreadPool* viewJobHelpers();

// Keeps the threads of Qt's global pool, which the raster engine's parallel fills use, for
// the process's lifetime: Qt retires them after 30 s idle, and the first repaint after a pause
// (a student reading, then typing) would wait for new threads to start.
void keepPaintHelperThreads();

// Runs `job` on `pool`, then `deliver(result)` on `context`'s thread, always from the event
// loop (never within this call), and never once `context` is gone. Not QFuture::then(context,
// …): Qt 6.4 reads the context through a QPointer on the worker thread and posts to it, racing
// with the context's destruction on the GUI thread (an event delivered to a freed widget: a
// crash under ASan while the walkthrough switched sessions with renders in flight). The
// watcher, owned by `context`, is told of the result under the future's lock, and its
// destructor detaches it under that lock, so a destroyed context receives nothing.
template <typename Job, typename Deliver>
void runThenDeliver(QThreadPool* pool, QObject* context, Job job, Deliver deliver)
{
    using Result = std::invoke_result_t<Job&>;
    auto* watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context,
                     [watcher, deliver = std::move(deliver)]() mutable {
                         watcher->deleteLater();
                         QFuture<Result> future = watcher->future();
                         if (future.resultCount() > 0) // none when the pool dropped the job
                             deliver(future.takeResult());
                     });
    watcher->setFuture(QtConcurrent::run(pool, std::move(job)));
}

} // namespace ae
