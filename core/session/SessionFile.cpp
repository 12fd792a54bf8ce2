#include "SessionFile.h"

#include "MessageText.h"
#include "OutputFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ae {

namespace {

// Opens a regular file for reading without blocking: O_NONBLOCK so that a FIFO without a
// writer does not hang open(), then fstat() on what was opened (no race with a rename).
// Returns the descriptor, or -1 with `message` set.
int openRegularFile(const QByteArray& native, const QString& shown, QString& message)
{
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        message = SessionFile::tr("cannot open %1: %2")
                      .arg(shown, QString::fromLocal8Bit(std::strerror(errno)));
        return -1;
    }
    struct stat info
    {
    };
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        message = S_ISDIR(info.st_mode)
                      ? SessionFile::tr("cannot open %1: it is a directory").arg(shown)
                      : SessionFile::tr("cannot open %1: not a regular file (a pipe or a device); "
                                        "give a session file")
                            .arg(shown);
        return -1;
    }
    if (info.st_size > SessionFile::MaxFileBytes) {
        ::close(fd);
        message = SessionFile::tr("%1 is %2 MB; a session file may be at most %3 MB")
                      .arg(shown)
                      .arg(QString::number(double(info.st_size) / (1024 * 1024), 'f', 1))
                      .arg(SessionFile::MaxFileBytes / (1024 * 1024));
        return -1;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

} // namespace

SessionLoadResult SessionFile::load(const QString& path, const QJsonObject& overrides,
                                    const QByteArray& nativePath)
{
    auto ioFailure = [&](const QString& message) {
        return SessionLoadResult{Session{}, SessionIssue{{}, message}, true};
    };
    QJsonObject object;
    if (!path.isEmpty() || !nativePath.isEmpty()) {
        const QString shown = escapedForMessage(QDir::toNativeSeparators(path));
        // A checkpoint given where a session is expected: say where it goes.
        if (const QString suffix = QFileInfo(path).suffix().toLower();
            suffix == QLatin1StringView("safetensors") || suffix == QLatin1StringView("pth"))
            return ioFailure(tr("%1 is a model checkpoint, not a session: open it with --model "
                                "FILE (File > Open Model… in the window)")
                                 .arg(shown));
        QFile file;
        if (nativePath.isEmpty() &&
            path.startsWith(u':')) { // a Qt resource (a sample): ours, not a device
            file.setFileName(path);
            if (!file.open(QIODevice::ReadOnly))
                return ioFailure(tr("cannot open %1: %2").arg(shown, file.errorString()));
        } else {
            QString message;
            const int fd = openRegularFile(
                nativePath.isEmpty() ? QFile::encodeName(path) : nativePath, shown, message);
            if (fd < 0)
                return ioFailure(message);
            if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
                ::close(fd);
                return ioFailure(tr("cannot open %1: %2").arg(shown, file.errorString()));
            }
        }
        const QByteArray contents = file.read(MaxFileBytes + 1);
        if (file.error() != QFileDevice::NoError)
            return ioFailure(tr("cannot read %1: %2").arg(shown, file.errorString()));
        if (contents.size() > MaxFileBytes)
            return ioFailure(tr("%1 grew beyond %2 MB while it was read")
                                 .arg(shown)
                                 .arg(MaxFileBytes / (1024 * 1024)));
        if (auto issue = rawControlCharacterIssue(contents))
            return {Session{}, SessionIssue{{}, shown + QStringLiteral(": ") + issue->message}};
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(contents, &error);
        if (error.error != QJsonParseError::NoError)
            return {Session{}, SessionIssue{{},
                                            tr("%1 is not valid JSON: %2 at byte %3")
                                                .arg(shown, error.errorString())
                                                .arg(error.offset)}};
        if (!document.isObject())
            return {
                Session{},
                SessionIssue{
                    {},
                    tr("%1 must hold a JSON object ({...}), not a list or a value").arg(shown)}};
        object = document.object();
    }
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        object[it.key()] = it.value();
    auto [session, issue] = sessionFromJsonObject(object);
    // A checkpoint named relative to the session file lives beside it, wherever the
    // program was started from (a --model flag was made absolute by the command line).
    if (!issue && !session.model.empty() && !path.isEmpty())
        session.model = QFileInfo(path)
                            .absoluteDir()
                            .absoluteFilePath(QString::fromStdString(session.model))
                            .toStdString();
    return {std::move(session), std::move(issue), false};
}

QString SessionFile::save(const QString& path, const Session& session)
{
    return writeAtomically(path, sessionToJson(session));
}

QString SessionFile::writeAtomically(const QString& path, const QByteArray& contents,
                                     const QByteArray& nativePath)
{
    OutputFile file;
    if (QString error = file.open(path, nativePath); !error.isEmpty())
        return error;
    if (file.device()->write(contents) != contents.size())
        return file.writeError(); // ~OutputFile removes the temporary file
    return file.commit();
}

} // namespace ae
