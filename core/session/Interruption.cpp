#include "Interruption.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace ae::interruption {

namespace {

// The context of this file's messages (lupdate files a free tr() under the namespace).
struct Interruption
{
    Q_DECLARE_TR_FUNCTIONS(Interruption)
};

// Read and written by the handler: lock-free atomics are async-signal-safe.
std::atomic<int> g_requested{0};
std::atomic<int> g_filesOnDisk{0};
static_assert(std::atomic<int>::is_always_lock_free);

constexpr int Signals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr std::size_t MessageBytes = 512;
// The messages, one per signal, made by install(): the handler cannot format or translate.
char g_messages[std::size(Signals)][MessageBytes] = {};
std::size_t g_messageLengths[std::size(Signals)] = {};

int indexOf(int signal)
{
    for (std::size_t i = 0; i < std::size(Signals); ++i)
        if (Signals[i] == signal)
            return int(i);
    return 0;
}

const char* signalName(int signal)
{
    switch (signal) {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    default:
        return "SIGHUP";
    }
}

extern "C" void onSignal(int signal)
{
    int none = 0;
    g_requested.compare_exchange_strong(none, signal); // the first signal is the one reported
    if (g_filesOnDisk.load() != 0)
        return; // the writer stops at its next checkpoint and removes what it wrote
    const int i = indexOf(g_requested.load());
    [[maybe_unused]] const ssize_t ignored =
        ::write(STDERR_FILENO, g_messages[i], g_messageLengths[i]);
    ::_exit(128 + g_requested.load());
}

} // namespace

void install()
{
    for (std::size_t i = 0; i < std::size(Signals); ++i) {
        const QByteArray text = "attention-explorer: " +
                                Interruption::tr("stopped by %1; this run left no file behind")
                                    .arg(QLatin1StringView(signalName(Signals[i])))
                                    .toLocal8Bit()
                                    .left(MessageBytes - 40) +
                                '\n';
        std::memcpy(g_messages[i], text.constData(), std::size_t(text.size()));
        g_messageLengths[i] = std::size_t(text.size());
    }
    struct sigaction action
    {
    };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    for (const int signal : Signals)
        sigaddset(&action.sa_mask, signal); // one handler at a time
    action.sa_flags = SA_RESTART;           // a noted signal does not fail the write under way
    for (const int signal : Signals) {
        struct sigaction old
        {
        };
        // A signal ignored by whoever started us (nohup ignores SIGHUP) stays ignored.
        if (::sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        ::sigaction(signal, &action, nullptr);
    }
}

int requested()
{
    return g_requested.load();
}

int exitCode()
{
    return 128 + requested();
}

const char* message()
{
    return g_messages[indexOf(requested())];
}

void checkpoint()
{
    if (g_requested.load() != 0)
        throw Stopped();
}

FilesOnDisk::FilesOnDisk()
{
    g_filesOnDisk.fetch_add(1);
}

FilesOnDisk::~FilesOnDisk()
{
    g_filesOnDisk.fetch_sub(1);
}

} // namespace ae::interruption
