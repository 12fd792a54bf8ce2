#include "ConfigFile.h"

#include "ModelMessages.h"

#include <QFile>
#include <QScopeGuard>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ae {

namespace {

constexpr qint64 MaxConfigBytes = 1024 * 1024;

// Opened as
// SafetensorsFile opens the weights: O_NONBLOCK, then fstat() on what was opened, so a FIFO
// or /dev/zero is refused before a byte is read.
} // namespace

ConfigFile readConfigFile(const QString& path)
{
    ConfigFile config;
    const QByteArray native = QFile::encodeName(path);
    struct stat info
    {
    };
    if (::lstat(native.constData(), &info) != 0 && (errno == ENOENT || errno == ENOTDIR))
        return config;
    config.present = true;
    auto cannotRead = [&](const QString& why) {
        config.error = Gpt2Checkpoint::tr("%1: cannot read it (%2)").arg(path, why);
        return config;
    };
    auto systemError = [] { return QString::fromLocal8Bit(std::strerror(errno)); };
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return cannotRead(systemError());
    const auto closeFd = qScopeGuard([fd] { ::close(fd); });
    if (::fstat(fd, &info) != 0)
        return cannotRead(systemError());
    if (S_ISDIR(info.st_mode))
        return cannotRead(Gpt2Checkpoint::tr("it is a folder"));
    if (!S_ISREG(info.st_mode))
        return cannotRead(
            Gpt2Checkpoint::tr("not a regular file but a pipe, a socket or a device"));
    if (info.st_size > MaxConfigBytes)
        return cannotRead(Gpt2Checkpoint::tr("it is %1 bytes; a config.json may be at most 1 MB")
                              .arg(qint64(info.st_size)));
    config.json.resize(MaxConfigBytes + 1);
    qsizetype got = 0;
    while (got < config.json.size()) {
        const ssize_t n =
            ::read(fd, config.json.data() + got, std::size_t(config.json.size() - got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return cannotRead(systemError());
        if (n == 0)
            break;
        got += n;
    }
    if (got > MaxConfigBytes)
        return cannotRead(Gpt2Checkpoint::tr("it grew beyond 1 MB while it was read"));
    config.json.truncate(got);
    return config;
}

} // namespace ae
