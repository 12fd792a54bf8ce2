// The GUI thread first (GuiFirst.h), on Linux: a background thread becomes a batch thread at
// nice 10 or more with the default time slice; the GUI thread gets the shortest slice where
// the kernel has per-thread slices (6.12+), threads it starts inherit it, and a nice value the
// user chose is never lowered. Each case runs on threads of its own, so the test's main thread
// keeps its scheduling.
#include "GuiFirst.h"

#include <QTest>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <thread>

using namespace ae;

namespace {

void onOwnThread(const std::function<void()>& body)
{
    std::thread thread(body);
    thread.join();
}

void setOwnNice(int nice)
{
    setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), nice);
}

} // namespace

class TestGuiFirst : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void backgroundThreadYields()
    {
        ThreadScheduling before, after;
        onOwnThread([&] {
            before = currentScheduling();
            runBehindTheGui();
            after = currentScheduling();
        });
        QCOMPARE(after.nice, std::max(10, before.nice));
        QVERIFY(after.batch);
        QCOMPARE(after.sliceNs, before.sliceNs); // the kernel's default
    }

    void backgroundKeepsAHigherNice()
    {
        ThreadScheduling before, after;
        onOwnThread([&] {
            setOwnNice(15);
            before = currentScheduling();
            runBehindTheGui();
            after = currentScheduling();
        });
        QVERIFY(before.nice >= 15);
        QCOMPARE(after.nice, before.nice);
        QVERIFY(after.batch);
    }

    void guiThreadShortSliceInherited()
    {
        ThreadScheduling fresh, chosen, gui, started, behind;
        onOwnThread([&] {
            fresh = currentScheduling();
            setOwnNice(5); // as if the user started the app with nice 5
            chosen = currentScheduling();
            runAsTheGuiThread();
            gui = currentScheduling();
            onOwnThread([&] {
                started = currentScheduling();
                runBehindTheGui();
                behind = currentScheduling();
            });
        });
        if (fresh.sliceNs == 0)
            QSKIP("this kernel has no per-thread time slice");
        QCOMPARE(gui.nice, chosen.nice); // not lowered
        QVERIFY(!gui.batch);
        QCOMPARE(gui.sliceNs, 100'000ULL);
        QCOMPARE(started.sliceNs, 100'000ULL); // Qt's raster helpers, started by it
        QCOMPARE(behind.sliceNs, fresh.sliceNs);
        QCOMPARE(behind.nice, std::max(10, chosen.nice));
    }
};

QTEST_GUILESS_MAIN(TestGuiFirst)
#include "tst_guifirst.moc"
