#include "InstanceLock.h"

#include <QByteArray>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <set>
#include <sys/file.h>
#include <unistd.h>

namespace ae {

namespace {

// The locks this process holds. On NFS, Linux emulates flock(2) with POSIX record locks, which
// never conflict within one process: its own probe would take its own record for orphaned.
struct HeldHere
{
    std::mutex mutex;
    std::set<QByteArray> paths;
};

HeldHere& heldHere()
{
    static HeldHere held;
    return held;
}

} // namespace

InstanceLock::InstanceLock(const QString& path) : m_path(path)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
    if (fd < 0)
        return;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return;
    }
    // The PID is for people reading the folder; the flock is what counts.
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    [[maybe_unused]] const ssize_t written = ::write(fd, pid.constData(), size_t(pid.size()));
    m_fd = fd;
    const std::lock_guard lock(heldHere().mutex);
    heldHere().paths.insert(native);
}

InstanceLock::~InstanceLock()
{
    if (m_fd < 0)
        return;
    const QByteArray native = QFile::encodeName(m_path);
    ::unlink(native.constData()); // before the flock goes: never orphaned
    ::close(m_fd);
    const std::lock_guard lock(heldHere().mutex);
    heldHere().paths.erase(native);
}

bool InstanceLock::holderIsGone(const QString& path)
{
    const QByteArray native = QFile::encodeName(path);
    {
        const std::lock_guard lock(heldHere().mutex);
        if (heldHere().paths.count(native))
            return false;
    }
    const int fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return errno == ENOENT;
    // A probe holds the flock for a moment only: a second probe at that moment sees the
    // record's instance as running and leaves it for later, which loses nothing.
    const bool gone = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    ::close(fd);
    return gone;
}

} // namespace ae
