#include "GuiFirst.h"

#include <QThread>

#include <atomic>

#ifdef __linux__
#include <dirent.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#endif

namespace ae {

namespace {

std::atomic<int> backgroundWork{0};

#ifdef __linux__
constexpr int BackgroundNice = 10;

long threadId()
{
    return syscall(SYS_gettid);
}
#endif

} // namespace

void runBehindTheGui()
{
    static thread_local const bool done = [] {
#ifdef __linux__
        setpriority(PRIO_PROCESS, id_t(threadId()), BackgroundNice);
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
    DIR* tasks = opendir("/proc/self/task");
    if (!tasks)
        return;
    const long self = threadId();
    while (const dirent* entry = readdir(tasks)) {
        const long tid = std::strtol(entry->d_name, nullptr, 10);
        if (tid > 0 && tid != self)
            setpriority(PRIO_PROCESS, id_t(tid), BackgroundNice);
    }
    closedir(tasks);
#endif
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
