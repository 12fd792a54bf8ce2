#include "GuiFirst.h"

#include <QThread>

#include <atomic>

#ifdef __linux__
#include <dirent.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#endif

namespace ae {

namespace {

std::atomic<int> backgroundWork{0};

#ifdef __linux__
constexpr int BackgroundNice = 10;

// The fair scheduler's settings of a thread: sched_setattr(2), which glibc 2.36 does not wrap.
struct SchedAttr
{
    std::uint32_t size = sizeof(SchedAttr);
    std::uint32_t policy = SCHED_OTHER;
    std::uint64_t flags = 0;
    std::int32_t nice = 0;
    std::uint32_t priority = 0;
    std::uint64_t runtimeNs = 0; // the time slice (Linux 6.12+); 0: the default
    std::uint64_t deadlineNs = 0;
    std::uint64_t periodNs = 0;
};

constexpr std::uint64_t GuiSliceNs = 100'000; // the shortest slice Linux accepts

long threadId()
{
    return syscall(SYS_gettid);
}

int niceOf(long tid)
{
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, id_t(tid));
    return errno == 0 ? nice : 0;
}

bool setAttr(long tid, const SchedAttr& attr)
{
    return syscall(SYS_sched_setattr, pid_t(tid), &attr, 0u) == 0;
}

void putBehind(long tid)
{
    SchedAttr attr;
    attr.policy = SCHED_BATCH;
    attr.nice = std::max(BackgroundNice, niceOf(tid)); // raising it needs no privilege
    if (!setAttr(tid, attr)) // an older kernel or a sandbox: the nice value alone
        setpriority(PRIO_PROCESS, id_t(tid), attr.nice);
}
#endif

} // namespace

void runBehindTheGui()
{
    static thread_local const bool done = [] {
#ifdef __linux__
        putBehind(threadId());
#else
        QThread::currentThread()->setPriority(QThread::LowPriority);
#endif
        return true;
    }();
    (void)done;
}

void putOtherThreadsBehindTheGui()
{
#ifdef __linux__
    if (DIR* tasks = opendir("/proc/self/task")) {
        const long self = threadId();
        while (const dirent* entry = readdir(tasks)) {
            const long tid = std::strtol(entry->d_name, nullptr, 10);
            if (tid > 0 && tid != self)
                putBehind(tid);
        }
        closedir(tasks);
    }
#endif
    runAsTheGuiThread();
}

void runAsTheGuiThread()
{
#ifdef __linux__
    SchedAttr attr;
    attr.nice = niceOf(threadId()); // as the user started the app
    attr.runtimeNs = GuiSliceNs;
    setAttr(threadId(), attr); // before Linux 6.12 the slice is ignored: nothing changes
#endif
}

ThreadScheduling currentScheduling()
{
    ThreadScheduling scheduling;
#ifdef __linux__
    const long tid = threadId();
    scheduling.nice = niceOf(tid);
    SchedAttr attr;
    if (syscall(SYS_sched_getattr, pid_t(tid), &attr, unsigned(sizeof attr), 0u) == 0) {
        scheduling.batch = attr.policy == SCHED_BATCH;
        scheduling.sliceNs = attr.runtimeNs;
    }
#endif
    return scheduling;
}

BackgroundWork::BackgroundWork()
{
    ++backgroundWork;
}

BackgroundWork::~BackgroundWork()
{
    --backgroundWork;
}

bool BackgroundWork::any()
{
    return backgroundWork.load() > 0;
}

} // namespace ae
