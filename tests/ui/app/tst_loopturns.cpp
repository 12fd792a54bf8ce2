// What --benchmark calls a GUI block: the work of one turn of the event loop, apart from the
// loop's wait for the next event (LoopTurns). A handler that computes 40 ms is a block of at
// least 40 ms; 100 ms of idle waiting is a wait, never a block.
#include "LoopTurns.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <thread>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

using namespace ae;

namespace {

void busyFor(int ms)
{
    QElapsedTimer spin;
    spin.start();
    while (spin.elapsed() < ms) {
    }
}

} // namespace

class TestLoopTurns : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aHandlersWorkIsABlockAndIdleTimeAWait()
    {
        const LoopTurns turns;
        QEventLoop loop;
        QTimer::singleShot(0, [] { busyFor(40); });
        QTimer::singleShot(150, &loop, &QEventLoop::quit); // ~100 ms idle after the work
        loop.exec();
        const LoopLongest longest = turns.longest();
        QVERIFY2(longest.workMs >= 40, qPrintable(QString::number(longest.workMs)));
        QVERIFY2(longest.waitMs >= 50, qPrintable(QString::number(longest.waitMs)));
        // The idle wait is not work: the longest turn is the handler's, not the 100 ms gap.
        QVERIFY2(longest.workMs < 95, qPrintable(QString::number(longest.workMs)));
    }

    // A turn's work is split into the thread's time on a core and queued for one: a handler
    // that sleeps has neither, one that computes has CPU time.
    void aTurnsWorkIsSplitIntoCpuAndQueue()
    {
        const LoopTurns turns;
        QEventLoop loop;
        QTimer::singleShot(0, [] { QThread::msleep(60); });
        QTimer::singleShot(100, &loop, &QEventLoop::quit);
        loop.exec();
        const LoopLongest slept = turns.longest();
        QVERIFY2(slept.workMs >= 60, qPrintable(QString::number(slept.workMs)));
        QVERIFY2(
            slept.workCpuMs + slept.workQueuedMs < 30,
            qPrintable(QStringLiteral("%1 + %2").arg(slept.workCpuMs).arg(slept.workQueuedMs)));

        const LoopTurns busy;
        QEventLoop busyLoop;
        QTimer::singleShot(0, [] { busyFor(60); });
        QTimer::singleShot(100, &busyLoop, &QEventLoop::quit);
        busyLoop.exec();
        const LoopLongest computed = busy.longest();
        QVERIFY2(computed.workCpuMs + computed.workQueuedMs >= 40,
                 qPrintable(QStringLiteral("%1 + %2 of %3")
                                .arg(computed.workCpuMs)
                                .arg(computed.workQueuedMs)
                                .arg(computed.workMs)));
        QVERIFY2(computed.workCpuMs + computed.workQueuedMs <= computed.workMs + 1.0,
                 qPrintable(QString::number(computed.workCpuMs)));
    }

#ifdef __linux__
    // Sharing its core with a spinning thread, a computing turn waits for the core about as
    // long as it has it: the wait is queued time, not CPU time.
    void aTurnSharingItsCoreIsQueued()
    {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(sched_getcpu(), &one);
        cpu_set_t before;
        QCOMPARE(pthread_getaffinity_np(pthread_self(), sizeof before, &before), 0);
        QCOMPARE(pthread_setaffinity_np(pthread_self(), sizeof one, &one), 0);
        std::atomic<bool> stop{false};
        std::thread spinner([&] {
            pthread_setaffinity_np(pthread_self(), sizeof one, &one);
            while (!stop.load(std::memory_order_relaxed)) {
            }
        });
        const LoopTurns turns;
        QEventLoop loop;
        QTimer::singleShot(0, [] { busyFor(120); });
        QTimer::singleShot(200, &loop, &QEventLoop::quit);
        loop.exec();
        stop = true;
        spinner.join();
        pthread_setaffinity_np(pthread_self(), sizeof before, &before);
        const LoopLongest longest = turns.longest();
        QVERIFY2(longest.workQueuedMs >= 20 && longest.workCpuMs <= longest.workMs - 20,
                 qPrintable(QStringLiteral("%1 on a core, %2 queued, of %3")
                                .arg(longest.workCpuMs)
                                .arg(longest.workQueuedMs)
                                .arg(longest.workMs)));
    }
#endif

    void theTurnUnderWayCounts()
    {
        const LoopTurns turns;
        busyFor(30); // no turn of the loop yet: a handler still running
        QVERIFY(turns.longest().workMs >= 30);
    }

    void longestMerges()
    {
        LoopLongest a{5, 20, 4, 1};
        a.merge({12, 3, 2, 9});
        QCOMPARE(a.workMs, 12.0);
        QCOMPARE(a.waitMs, 20.0);
        QCOMPARE(a.workCpuMs, 2.0); // the split of the longer work
        QCOMPARE(a.workQueuedMs, 9.0);
        a.merge({7, 30, 7, 0});
        QCOMPARE(a.workMs, 12.0);
        QCOMPARE(a.workCpuMs, 2.0);
        QCOMPARE(a.waitMs, 30.0);
    }
};

QTEST_GUILESS_MAIN(TestLoopTurns)
#include "tst_loopturns.moc"
