#pragma once

#include "Limits.h"
#include "SessionJson.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace ae {

// Reading and writing session files. Saving is atomic (OutputFile): the old file stays
// intact until the new one is completely written, so a full disk or a crash mid-write
// never leaves a half-written session behind. Reading refuses, before reading a byte, a
// file that is not a regular file (a FIFO, a device: they could block or never end) or
// is larger than limits::MaxSessionFileBytes.
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
    static constexpr qint64 MaxFileBytes = limits::MaxSessionFileBytes;

    // Reads a session file; `overrides` (session keys, e.g. from command-line flags)
    // replace the file's values before the session is checked. An empty path starts
    // from the defaults. `nativePath`, when given, is the path's bytes as the system knows
    // them (argv), for names that are not valid in the local encoding.
    static SessionLoadResult load(const QString& path, const QJsonObject& overrides = {},
                                  const QByteArray& nativePath = {});
    // Returns an empty string on success, else a message naming the file and the cause.
    static QString save(const QString& path, const Session& session);
    static QString writeAtomically(const QString& path, const QByteArray& contents,
                                   const QByteArray& nativePath = {});
};

} // namespace ae
