// Arbitrary bytes as a .pth's data.pkl through the restricted unpickler
// (core/model/book/StateDictUnpickler.h), checking what the loader relies on: a refusal has
// a message and no tensors; an accepted state_dict's tensors have at most MaxTensorDims
// non-negative sizes, a storage key, and lie inside their storage (offset + elements <= numel).
// Nothing of the pickle is ever called: a global off the allow-list is refused by name.
#include "FuzzCheck.h"
#include "StateDictUnpickler.h"

#include <cstdint>

using ae::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const ae::StateDictResult result = ae::unpickleStateDict(bytes);
    if (!result.error.isEmpty()) {
        check(result.tensors.empty(), "a refused pickle has no tensors");
        return 0;
    }
    for (const ae::PthTensor& t : result.tensors) {
        check(t.shape.size() <= std::size_t(ae::MaxTensorDims), "a tensor has few dimensions",
              t.name);
        for (const std::int64_t s : t.shape)
            check(s >= 0, "a tensor's sizes are not negative", t.name);
        check(t.storageOffset >= 0 && t.storageNumel >= 0 &&
                  t.elementCount() <= t.storageNumel - t.storageOffset,
              "a tensor lies inside its storage", t.name);
    }
    return 0;
}
