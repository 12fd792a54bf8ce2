#include "OutputFile.h"

#include "MessageText.h"

#include <QDir>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ae {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// 0666 less the umask, read without changing it (umask() would change it for every thread
// for a moment): /proc/self/status has it since Linux 4.7.
mode_t creationMode()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : status.readAll().split('\n')) {
            bool ok = false;
            const uint mask = line.startsWith("Umask:") ? line.mid(6).trimmed().toUInt(&ok, 8) : 0;
            if (ok)
                return 0666 & ~mode_t(mask);
        }
    }
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

} // namespace

OutputFile::~OutputFile()
{
    cancel();
}

QString OutputFile::failure(const QString& reason) const
{
    return tr("cannot write %1: %2").arg(m_shown, reason);
}

QString OutputFile::open(const QString& path, const QByteArray& nativePath)
{
    cancel();
    m_shown = escapedForMessage(QDir::toNativeSeparators(path));
    m_target = nativePath.isEmpty() ? QFile::encodeName(path) : nativePath;
    if (m_target.isEmpty())
        return failure(tr("the file name is empty"));
    // A symbolic link stays a link: the file it points to is the one replaced. A link that
    // leads to no file (dangling, a loop) is refused, as GNU cp does: the link is kept, and
    // which file was meant is unknown.
    struct stat link
    {
    };
    const bool isLink = ::lstat(m_target.constData(), &link) == 0 && S_ISLNK(link.st_mode);
    if (char* resolved = ::realpath(m_target.constData(), nullptr)) {
        m_target = resolved;
        std::free(resolved);
    } else if (isLink) {
        const int error = errno;
        return failure(tr("it is a symbolic link that leads to no file (%1); it is left as it "
                          "was")
                           .arg(systemError(error)));
    }
    int fd = -1;
    struct stat info
    {
    };
    const bool exists = ::stat(m_target.constData(), &info) == 0;
    if (exists && !S_ISREG(info.st_mode)) {
        if (S_ISDIR(info.st_mode))
            return failure(tr("it is a directory"));
        fd = ::open(m_target.constData(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0)
            return failure(systemError(errno));
    } else {
        if (exists && (info.st_mode & 0222) == 0)
            return failure(tr("the file is read-only (mode %1); it is not overwritten")
                               .arg(info.st_mode & 07777, 4, 8, QLatin1Char('0')));
        const qsizetype slash = m_target.lastIndexOf('/');
        const QByteArray folder =
            slash < 0 ? QByteArray(".") : m_target.left(std::max<qsizetype>(slash, 1));
        const QByteArray base = slash < 0 ? m_target : m_target.mid(slash + 1);
        m_temp = folder + "/." + base.left(64) + ".XXXXXX";
        m_onDisk.emplace(); // before the file exists: a signal from here on is deferred
        fd = ::mkstemp(m_temp.data());
        if (fd < 0) {
            const int error = errno;
            m_temp.clear();
            m_onDisk.reset();
            return failure(systemError(error));
        }
        ::fchmod(fd, exists ? (info.st_mode & 07777) : creationMode());
    }
    if (!m_file.open(fd, QIODevice::WriteOnly | QIODevice::Unbuffered,
                     QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        cancel();
        return failure(m_file.errorString());
    }
    m_open = true;
    return {};
}

QString OutputFile::writeError() const
{
    return failure(m_file.error() == QFileDevice::NoError
                       ? tr("the disk is full or the file is too large")
                       : m_file.errorString());
}

QString OutputFile::commit()
{
    if (!m_open)
        return failure(tr("the file is not open"));
    if (!m_temp.isEmpty() && ::fdatasync(m_file.handle()) != 0) {
        const QString message = failure(systemError(errno));
        cancel();
        return message;
    }
    if (!m_temp.isEmpty())
        interruption::checkpoint(); // a stop asked for: the temporary file goes (~OutputFile)
    m_file.close();
    m_open = false;
    if (m_temp.isEmpty())
        return {};
    if (::rename(m_temp.constData(), m_target.constData()) != 0) {
        const QString message = failure(systemError(errno));
        ::unlink(m_temp.constData());
        m_temp.clear();
        m_onDisk.reset();
        return message;
    }
    m_temp.clear();
    m_onDisk.reset();
    return {};
}

void OutputFile::cancel()
{
    if (m_file.isOpen())
        m_file.close();
    m_open = false;
    if (!m_temp.isEmpty())
        ::unlink(m_temp.constData());
    m_temp.clear();
    m_onDisk.reset();
}

} // namespace ae
