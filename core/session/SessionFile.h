#pragma once

#include "SessionJson.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace ae {

// Reading and writing session files. Saving is atomic (QSaveFile): the old file stays
// intact until the new one is completely written, so a full disk or a crash mid-write
// never leaves a half-written session behind.
struct SessionLoadResult
{
    Session session;
    std::optional<SessionIssue> issue;
    bool ioError = false; // the file could not be read (as opposed to: it is not a valid session)
};

class SessionFile
{
    Q_DECLARE_TR_FUNCTIONS(SessionFile)

public:
    static constexpr qint64 MaxFileBytes = 64 * 1024 * 1024;

    // Reads a session file; `overrides` (session keys, e.g. from command-line flags)
    // replace the file's values before the session is checked. An empty path starts
    // from the defaults.
    static SessionLoadResult load(const QString& path, const QJsonObject& overrides = {});
    // Returns an empty string on success, else a message naming the file and the cause.
    static QString save(const QString& path, const Session& session);
    static QString writeAtomically(const QString& path, const QByteArray& contents);
};

} // namespace ae
