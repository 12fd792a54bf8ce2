#include "SessionFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

namespace ae {

SessionLoadResult SessionFile::load(const QString& path, const QJsonObject& overrides)
{
    auto ioFailure = [&](const QString& message) { return SessionLoadResult{Session{}, SessionIssue{{}, message}, true}; };
    QJsonObject object;
    if (!path.isEmpty()) {
        const QString shown = QDir::toNativeSeparators(path);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return ioFailure(tr("cannot open %1: %2").arg(shown, file.errorString()));
        if (file.size() > MaxFileBytes)
            return ioFailure(tr("%1 is %2 MB; a session file may be at most %3 MB")
                                 .arg(shown)
                                 .arg(file.size() / (1024 * 1024))
                                 .arg(MaxFileBytes / (1024 * 1024)));
        const QByteArray contents = file.read(MaxFileBytes + 1);
        if (file.error() != QFileDevice::NoError)
            return ioFailure(tr("cannot read %1: %2").arg(shown, file.errorString()));
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(contents, &error);
        if (error.error != QJsonParseError::NoError)
            return {Session{}, SessionIssue{{}, tr("%1 is not valid JSON: %2 at byte %3")
                                                    .arg(shown, error.errorString())
                                                    .arg(error.offset)}};
        if (!document.isObject())
            return {Session{}, SessionIssue{{}, tr("%1 must hold a JSON object ({...}), not a list or a value").arg(shown)}};
        object = document.object();
    }
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        object[it.key()] = it.value();
    auto [session, issue] = sessionFromJsonObject(object);
    // A checkpoint named relative to the session file lives beside it, wherever the
    // program was started from (a --model flag was made absolute by the command line).
    if (!issue && session.hasModel() && !path.isEmpty())
        session.model = QFileInfo(path).absoluteDir().absoluteFilePath(QString::fromStdString(session.model)).toStdString();
    return {std::move(session), std::move(issue), false};
}

QString SessionFile::save(const QString& path, const Session& session)
{
    return writeAtomically(path, sessionToJson(session));
}

QString SessionFile::writeAtomically(const QString& path, const QByteArray& contents)
{
    // Unbuffered, so a short write (disk full, file-size limit) shows in write()'s result:
    // Qt 6.4 does not notice a short write when it flushes its buffer in commit() and
    // would rename the truncated file over the old one.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    if (file.write(contents) != contents.size()) {
        const QString reason = file.error() == QFileDevice::NoError ? tr("the disk is full or the file is too large")
                                                                    : file.errorString();
        file.cancelWriting();
        return tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), reason);
    }
    if (!file.commit())
        return tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}

} // namespace ae
