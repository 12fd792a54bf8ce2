#include "MappedFileGuard.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace ae {

namespace {

struct Slot
{
    std::atomic<std::uintptr_t> begin{0}; // 0: free
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> changed{false};
    std::atomic<bool> taken{false};
};

constexpr int SlotCount = 256;
Slot slots[SlotCount];
struct sigaction previousAction;
std::uintptr_t pageSize = 4096;

static_assert(std::atomic<std::uintptr_t>::is_always_lock_free &&
                  std::atomic<bool>::is_always_lock_free,
              "the signal handler reads the table: its atomics must be lock-free");

void onSigbus(int signal, siginfo_t* info, void*)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    if (info->si_code > 0) { // raised by a fault (si_code <= 0: sent by kill or raise)
        for (Slot& slot : slots) {
            const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
            const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
            if (begin == 0 || address < begin || address >= end)
                continue;
            // A file only shrinks from its end, so every page from the faulting one on is
            // past it: one mapping for all of them instead of one signal per page.
            const std::uintptr_t page = address & ~(pageSize - 1);
            void* zeros = ::mmap(reinterpret_cast<void*>(page), end - page, PROT_READ,
                                 MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (zeros != MAP_FAILED) {
                slot.changed.store(true, std::memory_order_release);
                return; // the faulting read resumes on the zero pages
            }
            break;
        }
    }
    // Not ours: the handler that was there before (or the default action) takes over, and
    // gets the signal as if this one had never been installed: a fault recurs when the
    // instruction is retried, a signal sent by kill is raised again (blocked until this
    // handler returns). Calling the old handler from here instead would loop when it returns
    // expecting its SA_RESETHAND to have restored the default action.
    ::sigaction(SIGBUS, &previousAction, nullptr);
    if (info->si_code <= 0)
        ::raise(signal);
}

void installHandler()
{
    static std::once_flag once;
    std::call_once(once, [] {
        pageSize = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
        struct sigaction action
        {
        };
        action.sa_sigaction = onSigbus;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGBUS, &action, &previousAction);
    });
}

} // namespace

bool MappedFileGuard::guard(const void* begin, std::size_t length)
{
    if (m_slot >= 0 || !begin || length == 0)
        return false;
    installHandler();
    for (int i = 0; i < SlotCount; ++i) {
        bool expected = false;
        if (!slots[i].taken.compare_exchange_strong(expected, true, std::memory_order_acq_rel))
            continue;
        const auto b = reinterpret_cast<std::uintptr_t>(begin);
        const std::uintptr_t end = (b + length + pageSize - 1) & ~(pageSize - 1); // whole pages
        slots[i].changed.store(false, std::memory_order_relaxed);
        slots[i].end.store(end, std::memory_order_release);
        slots[i].begin.store(b, std::memory_order_release);
        m_slot = i;
        return true;
    }
    return false;
}

void MappedFileGuard::unguard()
{
    if (m_slot < 0)
        return;
    Slot& slot = slots[m_slot];
    slot.begin.store(0, std::memory_order_release);
    slot.end.store(0, std::memory_order_release);
    slot.taken.store(false, std::memory_order_release);
    m_slot = -1;
}

bool MappedFileGuard::changed() const
{
    return m_slot >= 0 && slots[m_slot].changed.load(std::memory_order_acquire);
}

} // namespace ae
