#include "OutputFolder.h"

#include "MessageText.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ae {

namespace {

QString reasonOf(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

QString shownPath(const QString& path)
{
    return escapedForMessage(QDir::toNativeSeparators(path));
}

// Every entry of a folder this run made (the staged files, their temporaries, the backups).
void removeAllIn(const QByteArray& folder)
{
    if (DIR* dir = ::opendir(folder.constData())) {
        while (const dirent* entry = ::readdir(dir)) {
            const QByteArray name(entry->d_name);
            if (name != "." && name != "..")
                ::unlink(QByteArray(folder + '/' + name).constData());
        }
        ::closedir(dir);
    }
}

} // namespace

OutputFolder::~OutputFolder()
{
    if (!m_staging.isEmpty())
        removeStaging();
    for (auto it = m_created.rbegin(); it != m_created.rend(); ++it)
        ::rmdir(it->constData());
    m_onDisk.reset();
}

QByteArray OutputFolder::target(qsizetype i) const
{
    return m_native + '/' + QFile::encodeName(m_names[i]);
}

QByteArray OutputFolder::staged(qsizetype i) const
{
    return m_staging + '/' + QFile::encodeName(m_names[i]);
}

QString OutputFolder::stagedPath(qsizetype i) const
{
    return QFile::decodeName(staged(i));
}

void OutputFolder::removeStaging()
{
    removeAllIn(m_staging);
    ::rmdir(m_staging.constData());
    m_staging.clear();
}

QString OutputFolder::open(const QString& directory, const QStringList& names)
{
    m_directory = directory;
    m_native = QFile::encodeName(QFileInfo(directory).absoluteFilePath());
    m_names = names;
    m_modes.assign(std::size_t(names.size()), 0);
    // Up front, before anything is written: whether every target can be a new file.
    for (qsizetype i = 0; i < names.size(); ++i) {
        struct stat info
        {
        };
        if (::lstat(target(i).constData(), &info) != 0)
            continue;
        const QString path = shownPath(QDir(directory).filePath(names[i]));
        if (S_ISLNK(info.st_mode))
            return tr("cannot write %1: it is a symbolic link (an export replaces only plain "
                      "files); nothing was written")
                .arg(path);
        if (!S_ISREG(info.st_mode))
            return tr("cannot write %1: something that is not a file has that name; nothing was "
                      "written")
                .arg(path);
        if ((info.st_mode & 0222) == 0)
            return tr("cannot write %1: the file is read-only (mode %2); nothing was written")
                .arg(path)
                .arg(info.st_mode & 07777, 4, 8, QLatin1Char('0'));
        m_modes[std::size_t(i)] = info.st_mode;
    }

    m_onDisk.emplace(); // before the first folder or file exists
    std::vector<QByteArray> missing;
    for (QByteArray path = m_native; !path.isEmpty() && path != "/";
         path = path.left(std::max<qsizetype>(path.lastIndexOf('/'), 1))) {
        struct stat info
        {
        };
        if (::stat(path.constData(), &info) == 0)
            break;
        missing.insert(missing.begin(), path);
    }
    for (const QByteArray& path : missing) {
        if (::mkdir(path.constData(), 0777) != 0) {
            const int error = errno;
            return tr("cannot create the directory %1: %2; nothing was written")
                .arg(shownPath(directory), reasonOf(error));
        }
        m_created.push_back(path);
    }
    QByteArray staging = m_native + "/.attention-explorer-export.XXXXXX";
    if (::mkdtemp(staging.data()) == nullptr) {
        const int error = errno;
        return tr("cannot write into %1: %2; nothing was written")
            .arg(shownPath(directory), reasonOf(error));
    }
    m_staging = staging;
    return {};
}

QString OutputFolder::commit()
{
    if (m_staging.isEmpty())
        return tr("cannot write into %1: the folder is not open").arg(shownPath(m_directory));
    // Hard links to the earlier files, so that a failed rename can put them back.
    std::vector<QByteArray> backups(std::size_t(m_names.size()));
    for (qsizetype i = 0; i < m_names.size(); ++i) {
        if (m_modes[std::size_t(i)] == 0)
            continue;
        const QByteArray backup = m_staging + "/.earlier." + QByteArray::number(i);
        if (::link(target(i).constData(), backup.constData()) == 0)
            backups[std::size_t(i)] = backup;
        ::chmod(staged(i).constData(), m_modes[std::size_t(i)] & 07777);
    }
    for (qsizetype i = 0; i < m_names.size(); ++i) {
        if (::rename(staged(i).constData(), target(i).constData()) == 0)
            continue;
        const int error = errno;
        for (qsizetype j = 0; j < i; ++j) {
            if (!backups[std::size_t(j)].isEmpty())
                ::rename(backups[std::size_t(j)].constData(), target(j).constData());
            else if (m_modes[std::size_t(j)] == 0)
                ::unlink(target(j).constData());
        }
        return tr("cannot move %1 into place: %2; the folder was left as it was")
            .arg(shownPath(QDir(m_directory).filePath(m_names[i])), reasonOf(error));
    }
    removeStaging(); // the backups
    m_created.clear();
    m_onDisk.reset();
    return {};
}

QStringList OutputFolder::otherEntries() const
{
    QStringList others =
        QDir(m_directory)
            .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                       QDir::Name);
    for (const QString& name : m_names)
        others.removeOne(name);
    return others;
}

} // namespace ae
