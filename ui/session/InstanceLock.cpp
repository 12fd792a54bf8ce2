#include "InstanceLock.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QList>
#include <QSysInfo>

#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <set>
#include <signal.h>
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

QByteArray machineName()
{
    return QSysInfo::machineHostName().toUtf8();
}

// The file system takes no locks (an NFS mount without its lock daemon): only the file's
// contents can tell.
bool noLocksHere(int error)
{
    return error == ENOLCK || error == EINVAL || error == EOPNOTSUPP || error == EBADF;
}

} // namespace

InstanceLock::InstanceLock(const QString& path) : m_path(path)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
    if (fd < 0)
        return;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0 && !noLocksHere(errno)) {
        ::close(fd); // held by another process: not this instance's (a fresh name; never seen)
        return;
    }
    // QLockFile's first three lines (one of its files, left by an older version, reads alike).
    const QByteArray contents = QByteArray::number(qint64(::getpid())) + '\n' +
                                QCoreApplication::applicationName().toUtf8() + '\n' +
                                machineName() + '\n';
    [[maybe_unused]] const ssize_t written =
        ::write(fd, contents.constData(), size_t(contents.size()));
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
    char buffer[512];
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    const QList<QByteArray> lines = QByteArray(buffer, got > 0 ? got : 0).split('\n');
    const qint64 pid = lines.value(0).toLongLong();
    const QByteArray machine = lines.value(2);
    if (!machine.isEmpty() && machine != machineName()) {
        ::close(fd);
        return false; // another machine's: its locks may not reach this one
    }
    // Shared: it conflicts with the holder's exclusive flock, and NFS grants it on a file opened
    // only for reading. Two probes at once do not take each other for the holder.
    const int locked = ::flock(fd, LOCK_SH | LOCK_NB);
    const int error = errno;
    ::close(fd);
    if (locked == 0)
        return true;
    if (!noLocksHere(error))
        return false; // EWOULDBLOCK: held
    return pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

} // namespace ae
