#include "DataDirectory.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace ae {

namespace {

// Set by cmake/Install.cmake from GNUInstallDirs: the data folder relative to the binary's.
#ifdef AE_DATA_FROM_BIN
const QString DataFromBin = QStringLiteral(AE_DATA_FROM_BIN);
#else
const QString DataFromBin = QStringLiteral("../share/attention-explorer");
#endif

QString subfolderOr(const QString& name, const QString& resource)
{
    const QString data = DataDirectory::installed();
    if (data.isEmpty())
        return resource;
    const QFileInfo folder(QDir(data).filePath(name));
    return folder.isDir() ? folder.absoluteFilePath() : resource;
}

} // namespace

QString DataDirectory::installedFor(const QString& applicationDirectory)
{
    if (applicationDirectory.isEmpty())
        return {};
    const QFileInfo data(QDir(applicationDirectory).filePath(DataFromBin));
    return data.isDir() ? QDir::cleanPath(data.absoluteFilePath()) : QString();
}

QString DataDirectory::installed()
{
    if (!QCoreApplication::instance())
        return {};
    return installedFor(QCoreApplication::applicationDirPath());
}

QString DataDirectory::samples()
{
    return subfolderOr(QStringLiteral("samples"), QStringLiteral(":/samples"));
}

QString DataDirectory::translations()
{
    return subfolderOr(QStringLiteral("translations"), QStringLiteral(":/i18n"));
}

} // namespace ae
