#include "ThreadClock.h"

#include <ctime>

#ifdef __linux__
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#endif

namespace ae {

namespace {

#ifdef __linux__
// The calling thread's schedstat, kept open: it is read at every turn of the event loop.
class Schedstat
{
public:
    Schedstat() : m_fd(open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}
    ~Schedstat()
    {
        if (m_fd >= 0)
            close(m_fd);
    }
    Schedstat(const Schedstat&) = delete;
    Schedstat& operator=(const Schedstat&) = delete;

    // Its time queued for a core ("run_delay": brought up to date each time the thread gets
    // a core, so exact for the thread reading it), in ms. Not the time on a core, its first
    // field: that is brought up to date only at the scheduler's ticks.
    void readQueued(double& queuedMs) const
    {
        char text[96];
        const ssize_t size = m_fd >= 0 ? pread(m_fd, text, sizeof text - 1, 0) : -1;
        if (size <= 0)
            return;
        text[size] = '\0';
        char* end = nullptr;
        std::strtoull(text, &end, 10); // the time on a core
        queuedMs = double(std::strtoull(end, nullptr, 10)) / 1e6;
    }

private:
    int m_fd;
};
#endif

} // namespace

ThreadClock ThreadClock::times()
{
    ThreadClock clock;
    timespec cpu{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    clock.cpuMs = double(cpu.tv_sec) * 1e3 + double(cpu.tv_nsec) / 1e6;
#ifdef __linux__
    static thread_local const Schedstat schedstat;
    schedstat.readQueued(clock.queuedMs);
#endif
    return clock;
}

ThreadClock ThreadClock::now()
{
    ThreadClock clock = times();
#ifdef RUSAGE_THREAD
    rusage usage{};
    if (getrusage(RUSAGE_THREAD, &usage) == 0) {
        clock.waits = usage.ru_nvcsw;
        clock.preemptions = usage.ru_nivcsw;
    }
#endif
    return clock;
}

ThreadClock ThreadClock::since(const ThreadClock& start) const
{
    return {cpuMs - start.cpuMs, queuedMs - start.queuedMs, waits - start.waits,
            preemptions - start.preemptions};
}

} // namespace ae
