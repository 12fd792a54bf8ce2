// What --benchmark calls a GUI block: the work of one turn of the event loop, apart from the
// loop's wait for the next event (LoopTurns). A handler that computes 40 ms is a block of at
// least 40 ms; 100 ms of idle waiting is a wait, never a block.
#include "LoopTurns.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTest>
#include <QTimer>

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

    void theTurnUnderWayCounts()
    {
        const LoopTurns turns;
        busyFor(30); // no turn of the loop yet: a handler still running
        QVERIFY(turns.longest().workMs >= 30);
    }

    void longestMerges()
    {
        LoopLongest a{5, 20};
        a.merge({12, 3});
        QCOMPARE(a.workMs, 12.0);
        QCOMPARE(a.waitMs, 20.0);
    }
};

QTEST_GUILESS_MAIN(TestLoopTurns)
#include "tst_loopturns.moc"
