#pragma once

#include <atomic>
#include <exception>
#include <mutex>

namespace ae {

// Carries an exception out of an OpenMP parallel region. An exception may not leave the
// region's block (nor a worksharing loop's iteration): the runtime calls std::terminate, and
// running out of memory in a worker (std::bad_alloc from a matrix's allocation) ends the
// process with "terminate called after throwing ..." instead of the command line's
// "out of memory" (exit 2) or the window's message. So every region runs its work through
// run(), which catches whatever is thrown and keeps the first; once one failed, later work
// is skipped; after the region the caller calls rethrow():
//
//   ParallelFailure failure;
//   #pragma omp parallel for
//   for (int h = 0; h < heads; ++h)
//       failure.run([&] { attendHead(...); });
//   failure.rethrow();
//
// Regions nested inside run() (an inner team of one) take their own ParallelFailure, whose
// rethrow() hands the exception on to the outer run().
class ParallelFailure
{
public:
    template <typename Work> void run(Work&& work) noexcept
    {
        if (m_failed.load(std::memory_order_relaxed))
            return;
        try {
            work();
        } catch (...) {
            const std::lock_guard lock(m_mutex);
            if (!m_first)
                m_first = std::current_exception();
            m_failed.store(true, std::memory_order_relaxed);
        }
    }

    bool failed() const { return m_failed.load(std::memory_order_relaxed); }

    // After the region: throws the first exception any run() caught, if one did.
    void rethrow()
    {
        if (m_first)
            std::rethrow_exception(m_first);
    }

private:
    std::atomic<bool> m_failed{false};
    std::mutex m_mutex;
    std::exception_ptr m_first;
};

} // namespace ae
