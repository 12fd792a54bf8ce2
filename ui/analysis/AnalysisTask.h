#pragma once

#include "AnalysisProgress.h"

#include <QFuture>
#include <QList>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace ae {

// One analysis at a time off the GUI thread (the heads' detectors, every head ablated, a
// generation), with progress and cancel. start() asks whatever runs to stop and drops its
// result; `work` runs on a pool thread with an AnalysisProgress to report to (false: stop) and
// returns what the GUI thread then does with its result (only if no newer start() or cancel()
// came meanwhile). The destructor stops and waits for every run it started.
class AnalysisTask : public QObject
{
    Q_OBJECT
public:
    using Work = std::function<std::function<void()>(const AnalysisProgress& progress)>;

    explicit AnalysisTask(QObject* parent = nullptr) : QObject(parent) {}
    ~AnalysisTask() override;

    void start(Work work);
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progressed(int done, int total); // on the GUI thread
    void finished();                      // after the result was handed over
    void runningChanged(bool running);

private:
    void setRunning(bool running);

    QList<QFuture<void>> m_runs;               // unfinished ones, pruned on each start()
    std::shared_ptr<std::atomic<bool>> m_stop; // the current run's
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace ae
