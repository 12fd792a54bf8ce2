// Arbitrary bytes as a .pth file: the zip container through libzip and PthArchive's rules
// (core/model/book/PthArchive.h: one top folder, stored, unencrypted, bounded entries), its
// data.pkl through the restricted unpickler, and every storage the state_dict names (up to
// 1 MB) read with its declared size. A storage read succeeds only with exactly the bytes the
// pickle declared, and every byte read is touched (ASan sees an overrun).
#include "FuzzCheck.h"
#include "PthArchive.h"
#include "StateDictUnpickler.h"

#include <algorithm>
#include <cstdint>

using ae::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    const auto archive = ae::PthArchive::fromBytes(bytes, error);
    if (!archive) {
        check(!error.isEmpty(), "a refused archive says why");
        return 0;
    }
    check(std::uint64_t(archive->pickle().size()) <=
              std::min<std::uint64_t>(ae::MaxPthPickleBytes, size),
          "data.pkl is bounded by the limit and the archive");
    const ae::StateDictResult state = ae::unpickleStateDict(archive->pickle());
    unsigned checksum = 0;
    for (const ae::PthTensor& t : state.tensors) {
        const std::uint64_t want =
            std::uint64_t(t.storageNumel) * std::uint64_t(ae::pthDtypeSize(t.dtype));
        if (want > (1u << 20))
            continue;
        QByteArray storage;
        QString storageError;
        if (archive->readStorage(t.storageKey, want, storage, storageError)) {
            check(std::uint64_t(storage.size()) == want, "a storage holds its declared bytes",
                  t.storageKey);
            for (const char c : storage)
                checksum += std::uint8_t(c);
        } else {
            check(!storageError.isEmpty() && storage.isEmpty(), "a refused storage says why",
                  t.storageKey);
        }
    }
    return checksum == 0xdeadbeef ? 1 : 0; // keeps the reads; libFuzzer ignores the value
}
