#pragma once

namespace ae {

// The GUI thread first. Threads that compute in the background yield a core to it: on a small
// machine a long forward keeps both cores busy, and the GUI thread, woken to repaint, would
// wait behind them for a core (measured: events of 1 ms of CPU taking 9 ms; a GUI block of
// 20 ms while every head was ablated). Linux: nice 10 (a thread's nice value is its own, and
// an OpenMP team it starts later inherits it); elsewhere QThread's LowPriority. Qt's
// LowPriority alone does nothing on Linux, whose normal threads have a single priority.

// The calling thread, from now on (once per thread; any later call is free). Linux also makes
// it a batch thread: one woken from a wait does not preempt the GUI thread.
void runBehindTheGui();

// The calling thread is the GUI thread: on Linux 6.12 and later (EEVDF with custom slices), a
// short time slice. A computing thread keeps the core for its whole slice before a woken task
// may take it (measured: the GUI thread, and Qt's raster helpers it waits for, runnable for
// 4-6 ms behind nice-10 compute threads); a woken task with a shorter slice than the running
// one takes the core at once. Threads created by this one inherit the slice (Qt's raster
// helpers); runBehindTheGui() gives a background thread the default slice back.
void runAsTheGuiThread();

// Every thread of the process but the calling one. Threads inherit their creator's nice
// value: in the app the compute thread starts OpenBLAS's workers and its OpenMP team, both
// behind the GUI thread with it; a caller that computed on the GUI thread first (the
// benchmark) started them at the GUI thread's priority, and puts them back here. The calling
// thread becomes the GUI thread (runAsTheGuiThread()).
void putOtherThreadsBehindTheGui();

// How the calling thread is scheduled (Linux; elsewhere zeros): its nice value, whether it is a
// batch thread, and its time slice (0 where the kernel has no per-thread slice).
struct ThreadScheduling
{
    int nice = 0;
    bool batch = false;
    unsigned long long sliceNs = 0;
};
ThreadScheduling currentScheduling();

// Long background work under way (an analysis task, a training run) while one of these lives:
// the compute service's idle trim of the heap waits until none does. malloc_trim holds each
// heap's lock while it walks it, and a GUI thread allocating meanwhile waited for it (a block
// of 20 ms while every head was ablated).
class BackgroundWork
{
public:
    BackgroundWork();
    ~BackgroundWork();
    BackgroundWork(const BackgroundWork&) = delete;
    BackgroundWork& operator=(const BackgroundWork&) = delete;

    static bool any();
};

} // namespace ae
