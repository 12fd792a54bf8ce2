#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QString>

#include "Interruption.h"

#include <optional>

namespace ae {

// One output file, written the safe way for what the target is:
// - a regular file (or none yet): into a temporary file beside it, renamed over the target
//   by commit() only once everything is written, so a failure leaves the old file as it
//   was; the new file keeps the old one's permission bits (a new one gets 0666 & ~umask).
//   A target with no write permission at all (0444) is refused, as cp and QSaveFile do:
//   read-only means "do not overwrite", also for root.
// - anything else (a device such as /dev/null, a FIFO, a terminal): written directly,
//   never replaced by a regular file.
// A symbolic link is followed: the file it points to is written as above and the link stays.
// A link that leads to no file (dangling, a loop) is refused and left as it was.
// Paths are native bytes (argv as given): a name that is not valid UTF-8 is written under
// exactly that name. Writes are unbuffered, so a short write (disk full, `ulimit -f` with
// SIGXFSZ ignored) fails the write that caused it, with the system's reason.
// While the temporary file exists a stop signal is deferred (interruption::FilesOnDisk), and
// commit() throws interruption::Stopped instead of renaming when one came: the temporary
// file goes, the target stays as it was.
class OutputFile
{
    Q_DECLARE_TR_FUNCTIONS(OutputFile)

public:
    OutputFile() = default;
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile(); // not committed: the temporary file goes, the target stays as it was

    // Returns "" on success, else a message naming the file and the cause.
    QString open(const QString& path, const QByteArray& nativePath = {});
    QIODevice* device() { return &m_file; }
    // The message for the last failed write of device().
    QString writeError() const;
    // Makes the written file the target; returns "" or a message.
    QString commit();
    void cancel();

private:
    QString failure(const QString& reason) const;

    QFile m_file;
    QString m_shown;     // the path for messages
    QByteArray m_target; // native bytes
    QByteArray m_temp;   // native bytes of the temporary file; empty when writing directly
    std::optional<interruption::FilesOnDisk> m_onDisk; // while m_temp exists
    bool m_open = false;
};

} // namespace ae
