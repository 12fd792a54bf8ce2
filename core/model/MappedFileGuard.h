#pragma once

#include <cstddef>

namespace ae {

// Reading a memory-mapped file that another process truncates raises SIGBUS on the first
// page past the new end: without a handler the program dies with no message. A registered
// mapping is guarded by one process-wide SIGBUS handler (installed with the first
// registration, sigaction with SA_SIGINFO): when the faulting address lies inside a
// registered range, the handler maps anonymous zero pages over the rest of that range
// (MAP_FIXED, page-aligned, read-only) and sets the range's "changed" flag; the faulting read
// then resumes and reads zeros. The caller checks changed() after the reads and reports "the
// file changed while it was being read" instead of a result computed from zeros. A SIGBUS
// anywhere else is handed back: the action that was there before is put back and gets it (by
// default, the process dies with SIGBUS as it would have without this guard).
//
// The registry is a fixed table of atomics so that the handler reads it without locks or
// allocation. mmap is not on POSIX's async-signal-safe list, but on Linux it is one system
// call with no user-space state, the same use JVMs and LMDB make of it.
class MappedFileGuard
{
public:
    // Guards [begin, begin + length) (begin page-aligned, as mmap returns it). Up to 256
    // mappings at once; past that a mapping is simply not guarded (returns false).
    bool guard(const void* begin, std::size_t length);
    // Before the mapping is unmapped (a later mapping at the same address is not ours).
    void unguard();
    ~MappedFileGuard() { unguard(); }

    // A read faulted past the end of the file and was given zeros.
    bool changed() const;

    MappedFileGuard() = default;
    MappedFileGuard(const MappedFileGuard&) = delete;
    MappedFileGuard& operator=(const MappedFileGuard&) = delete;

private:
    int m_slot = -1;
};

} // namespace ae
