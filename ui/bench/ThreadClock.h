#pragma once

namespace ae {

// Where the calling thread's time went, read at two moments (since()): on a core (cpuMs),
// runnable but queued behind other threads for a core (queuedMs: the compute threads, or
// another process's, such as a kernel daemon), and how often it left the core: waits
// (blocked: a lock, a semaphore such as Qt's parallel fills) and preemptions (another thread
// took the core). A stretch's wall time beyond cpuMs + queuedMs was spent blocked.
//
// Linux: the scheduler's own accounting of the thread (CLOCK_THREAD_CPUTIME_ID,
// /proc/thread-self/schedstat, getrusage(RUSAGE_THREAD)); elsewhere the CPU time alone. In a
// virtual machine whose host does not report stolen time, time the host kept the core counts as
// CPU.
struct ThreadClock
{
    double cpuMs = 0;
    double queuedMs = 0;
    long waits = 0, preemptions = 0;

    // Of the calling thread.
    static ThreadClock now();
    // The same without the counts of waits and preemptions (one system call fewer), for a
    // clock read at every turn of the event loop.
    static ThreadClock times();
    ThreadClock since(const ThreadClock& start) const;
};

} // namespace ae
