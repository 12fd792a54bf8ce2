#include "AnalysisTask.h"

#include "GuiFirst.h"
#include "ViewJobs.h"

#include <QtConcurrent>

namespace ae {

AnalysisTask::~AnalysisTask()
{
    if (m_stop)
        *m_stop = true;
    for (QFuture<void>& run : m_runs)
        run.waitForFinished(); // their queued hand-overs die with this object
}

void AnalysisTask::start(Work work)
{
    if (m_stop)
        *m_stop = true;
    auto stop = m_stop = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++m_generation;
    setRunning(true);
    m_runs.removeIf([](const QFuture<void>& run) { return run.isFinished(); });
    m_runs.append(
        QtConcurrent::run(analysisJobs(), [this, work = std::move(work), stop, generation] {
            runBehindTheGui();
            const BackgroundWork working;
            const AnalysisProgress progress = [this, stop, generation](int done, int total) {
                if (!*stop)
                    QMetaObject::invokeMethod(
                        this,
                        [this, generation, done, total] {
                            if (generation == m_generation)
                                Q_EMIT progressed(done, total);
                        },
                        Qt::QueuedConnection);
                return !*stop;
            };
            std::function<void()> handOver = work(progress);
            QMetaObject::invokeMethod(
                this,
                [this, generation, handOver = std::move(handOver), stop] {
                    if (generation != m_generation || *stop)
                        return;
                    setRunning(false);
                    if (handOver)
                        handOver();
                    Q_EMIT finished();
                },
                Qt::QueuedConnection);
        }));
}

void AnalysisTask::cancel()
{
    if (m_stop)
        *m_stop = true;
    ++m_generation;
    setRunning(false);
}

void AnalysisTask::setRunning(bool running)
{
    if (running == m_running)
        return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

} // namespace ae
