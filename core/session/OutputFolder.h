#pragma once

#include "Interruption.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <sys/types.h>
#include <vector>

namespace ae {

// Many files written into one folder, all or nothing (--export). Each file is first written
// into a hidden staging folder inside the target folder; commit() moves them into place, one
// rename each on the same file system. An export that fails or is stopped by a signal before
// commit() leaves the folder as it was: no file of this run, the earlier files unchanged, and
// a folder this run created removed again. While the staging folder exists a stop signal is
// deferred (interruption::FilesOnDisk); the writer calls interruption::checkpoint() between
// files.
class OutputFolder
{
    Q_DECLARE_TR_FUNCTIONS(OutputFolder)

public:
    OutputFolder() = default;
    OutputFolder(const OutputFolder&) = delete;
    OutputFolder& operator=(const OutputFolder&) = delete;
    ~OutputFolder(); // not committed: the staged files go, and the folders open() created

    // Checks every name inside `directory` before anything is written: each must be free or a
    // regular file that may be replaced (not read-only). A folder, a symbolic link, a device
    // or a read-only file at a name is refused. Then creates `directory` (with its missing
    // parents) and the staging folder. Returns "" or a message that ends "nothing was written".
    QString open(const QString& directory, const QStringList& names);
    // Where names[i] is written until commit().
    QString stagedPath(qsizetype i) const;
    // Moves every staged file to its name, replacing an earlier file there and keeping that
    // file's permission bits. All or nothing: when a rename fails, the ones before it are
    // undone (an earlier file is restored from a hard link kept for the purpose). Never
    // stopped half-way by a signal. Returns "" or a message.
    QString commit();
    // After commit(): what else the folder holds (names this run did not write: an earlier
    // export's files or the user's), sorted.
    QStringList otherEntries() const;

private:
    QByteArray target(qsizetype i) const;
    QByteArray staged(qsizetype i) const;
    void removeStaging();

    QString m_directory;
    QByteArray m_native; // the folder's native bytes
    QStringList m_names;
    std::vector<mode_t> m_modes;       // an earlier file's mode, 0 where there was none
    QByteArray m_staging;              // native bytes; empty when none
    std::vector<QByteArray> m_created; // the folders open() created, outermost first
    std::optional<interruption::FilesOnDisk> m_onDisk;
};

} // namespace ae
