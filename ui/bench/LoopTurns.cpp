#include "LoopTurns.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QThread>

#include <algorithm>

namespace ae {

namespace {

double ms(qint64 ns)
{
    return double(ns) / 1e6;
}

} // namespace

void LoopLongest::merge(const LoopLongest& other)
{
    if (other.workMs > workMs) {
        workMs = other.workMs;
        workCpuMs = other.workCpuMs;
        workQueuedMs = other.workQueuedMs;
    }
    waitMs = std::max(waitMs, other.waitMs);
}

LoopTurns::LoopTurns()
{
    m_clock.start();
    m_turnClock = ThreadClock::times();
    // Not qApp: with QApplication's header in sight it casts to QApplication, which a
    // QCoreApplication (a command-line tool, a test) is not.
    QCoreApplication::instance()->installEventFilter(this);
    // Emitted as each turn starts, before the loop waits (Qt's glib and Unix dispatchers).
    connect(QAbstractEventDispatcher::instance(), &QAbstractEventDispatcher::aboutToBlock, this,
            [this] { goesToWait(); });
}

LoopTurns::~LoopTurns()
{
    QCoreApplication::instance()->removeEventFilter(this);
}

LoopLongest LoopTurns::longest() const
{
    LoopLongest longest = m_longest;
    if (m_workSince >= 0) {
        const ThreadClock spent = ThreadClock::times().since(m_turnClock);
        longest.merge({ms(m_clock.nsecsElapsed() - m_workSince), 0, spent.cpuMs, spent.queuedMs});
    }
    return longest;
}

bool LoopTurns::eventFilter(QObject*, QEvent*)
{
    if (m_workSince < 0 && QThread::currentThread() == thread()) {
        m_workSince = m_clock.nsecsElapsed();
        m_turnClock = ThreadClock::times();
        m_longest.waitMs = std::max(m_longest.waitMs, ms(m_workSince - m_waitSince));
    }
    return false;
}

void LoopTurns::goesToWait()
{
    if (m_workSince >= 0) {
        // The thread's clocks before the wall clock, as they were read after it when the turn
        // began: the turn's wall time then holds all of its time on a core and queued for one,
        // even when the thread is preempted between the two reads (under load the queued time
        // of such a preemption, counted on the wrong side, made the split exceed the block).
        const ThreadClock spent = ThreadClock::times().since(m_turnClock);
        m_longest.merge({ms(m_clock.nsecsElapsed() - m_workSince), 0, spent.cpuMs, spent.queuedMs});
    }
    m_workSince = -1;
    m_waitSince = m_clock.nsecsElapsed();
}

} // namespace ae
