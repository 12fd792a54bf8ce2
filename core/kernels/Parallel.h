#pragma once

#include "ParallelFailure.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace ae {

// Whether a parallel region opened here is the outermost one. A region inside another gets a
// team of its own whenever the enclosing ones are not already using the threads, and a
// region whose if-clause made it serial (a team of one) still encloses: libgomp keeps a pool
// of threads for the outermost teams only and starts a nested team's threads afresh each
// time. A head's row blocks run in parallel inside a serial loop over SmolLM2's 270 heads
// that way cost 300 ms in a forward of two new rows (docs/performance.md). Kernels that may
// be called from a loop over heads open their region only when this is true.
inline bool outermost()
{
#ifdef _OPENMP
    return omp_get_level() == 0;
#else
    return true;
#endif
}

// The number of threads a parallel region opened here would have, and this thread's number in
// its team (0 outside any region): per-thread buffers are sized and picked with them.
inline int threadCount()
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

// Sets the number of threads of the parallel regions this thread opens from now on.
inline void setThreadCount(int threads)
{
#ifdef _OPENMP
    omp_set_num_threads(threads);
#else
    (void)threads;
#endif
}

inline int threadIndex()
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

// for (i = 0; i < n; ++i) work(i): on the OpenMP threads (dynamic schedule) when `parallel`,
// else on this thread outside any region, so that the regions `work` opens are outermost
// and take the pool's threads (a `parallel for if (false)` would enclose them). An exception
// thrown by work(i) leaves after the loop, as ParallelFailure carries it.
template <typename Work> void forEachIndex(int n, bool parallel, Work&& work)
{
    if (!parallel) {
        for (int i = 0; i < n; ++i)
            work(i);
        return;
    }
    ParallelFailure failure;
#pragma omp parallel for schedule(dynamic)
    for (int i = 0; i < n; ++i)
        failure.run([&] { work(i); });
    failure.rethrow();
}

} // namespace ae
