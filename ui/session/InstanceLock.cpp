#include "InstanceLock.h"

#include <QByteArray>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace ae {

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
}

InstanceLock::~InstanceLock()
{
    if (m_fd < 0)
        return;
    ::unlink(QFile::encodeName(m_path).constData()); // before the flock goes: never orphaned
    ::close(m_fd);
}

bool InstanceLock::holderIsGone(const QString& path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return errno == ENOENT;
    // A probe holds the flock for a moment only: a second probe at that moment sees the
    // record's instance as running and leaves it for later, which loses nothing.
    const bool gone = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    ::close(fd);
    return gone;
}

} // namespace ae
