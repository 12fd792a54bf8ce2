#pragma once

#include "ThreadClock.h"

#include <QElapsedTimer>
#include <QObject>

namespace ae {

// The longest stretches of the GUI thread's event loop while a LoopTurns watches it.
struct LoopLongest
{
    // The work of one turn: from the first event the loop delivers after waking until it goes
    // back to wait (the events it handled, the repaints among them, and whatever ran between
    // them). A key pressed meanwhile waits at most this long for the loop to look at it.
    double workMs = 0;
    // The wait of one turn: from going back to wait until the next event is delivered. With a
    // timer due every millisecond, anything beyond that is the system running something else
    // (another thread on the core, or, in a virtual machine, the host not running the core).
    double waitMs = 0;
    // Of the longest turn's work: the GUI thread's time on a core, and queued for one behind
    // other threads (ThreadClock.h); the rest of workMs it was blocked.
    double workCpuMs = 0;
    double workQueuedMs = 0;

    // The longer work (with its split) and the longer wait.
    void merge(const LoopLongest& other);
};

// Watches the turns of the calling thread's event loop (an application-wide event filter
// marks each event's start; the event dispatcher's aboutToBlock marks each return to wait).
// A timer that fires every millisecond, such as the benchmark's poll, keeps waits short.
// Until the loop first goes to wait, the time since construction counts as work.
class LoopTurns : public QObject
{
public:
    LoopTurns();
    ~LoopTurns() override;
    LoopTurns(const LoopTurns&) = delete;
    LoopTurns& operator=(const LoopTurns&) = delete;

    // The longest so far, the turn under way included.
    LoopLongest longest() const;

protected:
    bool eventFilter(QObject* receiver, QEvent* event) override;

private:
    void goesToWait();

    QElapsedTimer m_clock;
    qint64 m_workSince = 0; // ns on m_clock; -1 while waiting
    qint64 m_waitSince = -1;
    ThreadClock m_turnClock; // the thread's clock as the turn under way started
    LoopLongest m_longest;
};

} // namespace ae
