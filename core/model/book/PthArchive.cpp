#include "PthArchive.h"

#include "ModelMessages.h"

#include <QFile>
#include <QFileInfo>

#include <zip.h>

namespace ae {

namespace {

QString zipErrorText(zip_error_t* error)
{
    return QString::fromUtf8(zip_error_strerror(error));
}

QString entryName(const std::string& name)
{
    return u'\u201c' + QString::fromStdString(name) + u'\u201d';
}

} // namespace

PthArchive::~PthArchive()
{
    if (m_zip)
        zip_discard(m_zip);
}

std::unique_ptr<PthArchive> PthArchive::open(const QString& path, QString& error, bool& ioError)
{
    ioError = false;
    const QFileInfo info(path);
    if (!info.isFile() || !info.isReadable()) {
        ioError = true;
        error = Pth::tr("%1: cannot open the file (%2)")
                    .arg(path, info.isDir() ? Pth::tr("it is a folder")
                                            : Pth::tr("missing or unreadable"));
        return nullptr;
    }
    std::unique_ptr<PthArchive> archive(new PthArchive);
    archive->m_archiveSize = std::uint64_t(info.size());
    int code = 0;
    archive->m_zip =
        zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
    if (!archive->m_zip) {
        zip_error_t zerror;
        zip_error_init_with_code(&zerror, code);
        ioError = code == ZIP_ER_OPEN || code == ZIP_ER_READ || code == ZIP_ER_NOENT;
        error = Pth::tr("%1: not a readable zip archive, as torch.save writes (%2)")
                    .arg(path, zipErrorText(&zerror));
        zip_error_fini(&zerror);
        return nullptr;
    }
    QString reason;
    if (!archive->index(reason)) {
        error = Pth::tr("%1: %2").arg(path, reason);
        return nullptr;
    }
    return archive;
}

std::unique_ptr<PthArchive> PthArchive::fromBytes(QByteArrayView bytes, QString& error)
{
    std::unique_ptr<PthArchive> archive(new PthArchive);
    archive->m_bytes = bytes.toByteArray();
    archive->m_archiveSize = std::uint64_t(archive->m_bytes.size());
    zip_error_t zerror;
    zip_error_init(&zerror);
    zip_source_t* source = zip_source_buffer_create(
        archive->m_bytes.constData(), zip_uint64_t(archive->m_bytes.size()), 0, &zerror);
    if (source)
        archive->m_zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &zerror);
    if (!archive->m_zip) {
        if (source)
            zip_source_free(source);
        error = Pth::tr("not a readable zip archive, as torch.save writes (%1)")
                    .arg(zipErrorText(&zerror));
        zip_error_fini(&zerror);
        return nullptr;
    }
    zip_error_fini(&zerror);
    if (!archive->index(error))
        return nullptr;
    return archive;
}

// Every entry under one top folder ("model/", whatever torch.save's file was called); names
// unique; data.pkl read now, the storages when asked for.
bool PthArchive::index(QString& error)
{
    const zip_int64_t count = zip_get_num_entries(m_zip, 0);
    if (count <= 0) {
        error = Pth::tr("the archive is empty (torch.save writes data.pkl and its storages)");
        return false;
    }
    if (std::uint64_t(count) > MaxPthEntries) {
        error = Pth::tr("the archive has %1 entries, more than the %2 accepted")
                    .arg(count)
                    .arg(MaxPthEntries);
        return false;
    }
    for (zip_int64_t i = 0; i < count; ++i) {
        const char* raw = zip_get_name(m_zip, zip_uint64_t(i), ZIP_FL_ENC_RAW);
        if (!raw) {
            error = Pth::tr("entry %1 has no readable name").arg(i);
            return false;
        }
        const std::string name(raw);
        const auto slash = name.find('/');
        if (slash == std::string::npos || slash == 0) {
            error = Pth::tr("entry %1 is not inside a top folder, as torch.save writes every entry")
                        .arg(entryName(name));
            return false;
        }
        const std::string top = name.substr(0, slash + 1);
        if (m_top.empty())
            m_top = top;
        else if (top != m_top) {
            error =
                Pth::tr("entries %1 and %2 lie in different top folders (torch.save writes one)")
                    .arg(entryName(m_top), entryName(name));
            return false;
        }
        if (!m_entries.emplace(name, std::uint64_t(i)).second) {
            error = Pth::tr("entry %1 appears twice").arg(entryName(name));
            return false;
        }
    }
    if (m_entries.count(m_top + "byteorder")) {
        QByteArray order;
        if (!readEntry(m_top + "byteorder", 16, order, error))
            return false;
        if (order.trimmed() != "little") {
            error = Pth::tr("entry %1 says %2; only little-endian storages are read")
                        .arg(entryName(m_top + "byteorder"), QString::fromLatin1(order.trimmed()));
            return false;
        }
    }
    return readEntry(m_top + "data.pkl", MaxPthPickleBytes, m_pickle, error);
}

bool PthArchive::readEntry(const std::string& name, std::uint64_t maxBytes, QByteArray& out,
                           QString& error) const
{
    const auto found = m_entries.find(name);
    if (found == m_entries.end()) {
        error = Pth::tr("entry %1 is missing").arg(entryName(name));
        return false;
    }
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(m_zip, found->second, 0, &stat) != 0 || !(stat.valid & ZIP_STAT_SIZE) ||
        !(stat.valid & ZIP_STAT_COMP_METHOD) || !(stat.valid & ZIP_STAT_ENCRYPTION_METHOD)) {
        error = Pth::tr("entry %1: cannot read its size and method").arg(entryName(name));
        return false;
    }
    if (stat.encryption_method != ZIP_EM_NONE) {
        error = Pth::tr("entry %1 is encrypted; torch.save never encrypts").arg(entryName(name));
        return false;
    }
    if (stat.comp_method != ZIP_CM_STORE) {
        error = Pth::tr("entry %1 is compressed; torch.save stores entries uncompressed")
                    .arg(entryName(name));
        return false;
    }
    if (stat.size > maxBytes || stat.size > m_archiveSize) {
        error = Pth::tr("entry %1 claims %2 bytes, more than the %3 accepted or the archive's size")
                    .arg(entryName(name))
                    .arg(stat.size)
                    .arg(maxBytes);
        return false;
    }
    zip_file_t* file = zip_fopen_index(m_zip, found->second, 0);
    if (!file) {
        error = Pth::tr("entry %1 cannot be read (%2)")
                    .arg(entryName(name), zipErrorText(zip_get_error(m_zip)));
        return false;
    }
    out.resize(qsizetype(stat.size));
    std::uint64_t done = 0;
    while (done < stat.size) {
        const zip_int64_t n = zip_fread(file, out.data() + done, stat.size - done);
        if (n <= 0)
            break;
        done += std::uint64_t(n);
    }
    const bool ok = done == stat.size;
    if (!ok)
        error = Pth::tr("entry %1 is cut short (%2 of %3 bytes; %4)")
                    .arg(entryName(name))
                    .arg(done)
                    .arg(stat.size)
                    .arg(zipErrorText(zip_file_get_error(file)));
    zip_fclose(file);
    if (!ok)
        out.clear();
    return ok;
}

bool PthArchive::readStorage(const std::string& key, std::uint64_t bytes, QByteArray& out,
                             QString& error) const
{
    const std::string name = m_top + "data/" + key;
    const auto found = m_entries.find(name);
    if (found == m_entries.end()) {
        error = Pth::tr("storage %1 is missing (no entry %2)").arg(entryName(key), entryName(name));
        return false;
    }
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(m_zip, found->second, 0, &stat) == 0 && (stat.valid & ZIP_STAT_SIZE) &&
        stat.size != bytes) {
        error = Pth::tr("storage %1 holds %2 bytes but the pickle declares %3")
                    .arg(entryName(key))
                    .arg(stat.size)
                    .arg(bytes);
        return false;
    }
    return readEntry(name, MaxPthStorageBytes, out, error);
}

} // namespace ae
