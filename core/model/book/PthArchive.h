#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <string>

struct zip;

namespace ae {

// The zip container torch.save writes (a .pth): one top folder holding data.pkl (the
// pickle), data/<key> (one entry per storage, raw little-endian elements), version and
// perhaps byteorder. Opened with libzip (consistency-checked); every entry is located by
// its name under the single top folder and checked before it is read: stored (torch never
// compresses), not encrypted, no larger than the limits below. A book model is small, so
// storages are read into memory rather than mapped.
class PthArchive
{
public:
    ~PthArchive();
    PthArchive(const PthArchive&) = delete;
    PthArchive& operator=(const PthArchive&) = delete;

    // Opens the file at `path`. On failure returns null, sets `error` (naming the file and the
    // rule) and `ioError` (the file could not be opened at all, rather than being refused).
    static std::unique_ptr<PthArchive> open(const QString& path, QString& error, bool& ioError);
    // The same from bytes in memory (the fuzzer); the bytes are copied.
    static std::unique_ptr<PthArchive> fromBytes(QByteArrayView bytes, QString& error);

    // data.pkl, read when the archive was opened.
    const QByteArray& pickle() const { return m_pickle; }

    // The storage data/<key>, which must hold exactly `bytes` bytes; false and `error` (naming
    // the entry and the rule) when it is missing, of another size, compressed or unreadable.
    bool readStorage(const std::string& key, std::uint64_t bytes, QByteArray& out,
                     QString& error) const;

private:
    PthArchive() = default;
    bool index(QString& error);
    bool readEntry(const std::string& name, std::uint64_t maxBytes, QByteArray& out,
                   QString& error) const;

    zip* m_zip = nullptr;
    QByteArray m_bytes;              // the buffer behind an archive opened from memory
    std::uint64_t m_archiveSize = 0; // a stored entry cannot be larger
    std::string m_top;               // "<top>/"
    std::map<std::string, std::uint64_t> m_entries; // name -> libzip index
    QByteArray m_pickle;
};

// Limits (llama.cpp's gguf reader bounds its reads likewise): a state_dict's pickle is a few
// kilobytes per tensor; a storage is one tensor's elements.
inline constexpr std::uint64_t MaxPthPickleBytes = 64ull << 20;
inline constexpr std::uint64_t MaxPthStorageBytes = 4ull << 30;
inline constexpr std::uint64_t MaxPthEntries = 1u << 20;

} // namespace ae
