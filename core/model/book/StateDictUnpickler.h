#pragma once

#include <QByteArrayView>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace ae {

// The element types of the storages a state_dict's pickle may name.
enum class PthDtype
{
    F32,  // torch.FloatStorage
    F16,  // torch.HalfStorage
    BF16, // torch.BFloat16Storage
    I64,  // torch.LongStorage (optimizer state only)
    I32   // torch.IntStorage
};

int pthDtypeSize(PthDtype dtype);
const char* pthDtypeName(PthDtype dtype);

// One tensor of the state_dict: `shape` elements, contiguous, from element `storageOffset` of
// the storage data/<storageKey> of `storageNumel` elements of `dtype`.
struct PthTensor
{
    std::string name;
    PthDtype dtype = PthDtype::F32;
    std::vector<std::int64_t> shape;
    std::string storageKey;
    std::int64_t storageOffset = 0;
    std::int64_t storageNumel = 0;
    std::int64_t elementCount() const;
};

struct StateDictResult
{
    std::vector<PthTensor> tensors; // in the pickle's order
    QString error;                  // empty: read; else what was refused (opcode, global, rule)
};

// Limits: the unpickler refuses a pickle beyond any of them, before allocating for it.
inline constexpr std::size_t MaxPickleStack = 1u << 20;  // values on the stack
inline constexpr std::size_t MaxPickleMemo = 1u << 20;   // memo entries
inline constexpr std::size_t MaxPickleValues = 1u << 20; // values created in all (~200 MB)
inline constexpr std::size_t MaxPickleString = 1u << 20; // bytes of one string
inline constexpr int MaxPickleDepth = 64;                // nesting of containers
inline constexpr int MaxTensorDims = 8;

// Reads the pickle of a .pth (torch.save's data.pkl) as a state_dict without running any of
// it: Python's "restricting globals" and PyTorch's weights_only unpickler. Accepted are the
// opcodes of plain data (protocols 2-5: None, bools, ints, floats, strings, bytes, tuples,
// lists, dicts, the memo, marks, frames) and these globals only: collections.OrderedDict,
// torch._utils._rebuild_tensor_v2 and _rebuild_parameter (called with REDUCE), and the storage
// types torch.FloatStorage, HalfStorage, BFloat16Storage, LongStorage, IntStorage (named in
// BINPERSID's ('storage', type, key, location, numel)). BUILD is accepted on an OrderedDict
// (the state_dict's _metadata) and ignored. Any other global, INST, OBJ, NEWOBJ, EXT*, PERSID,
// sets and buffers are refused by name. Containers cannot change once inside another (so no
// cycles), nesting is bounded, every read is bounds-checked.
// The state_dict is the top-level dict, or its "model_state_dict" (the book's chapter 5 saves
// {"model_state_dict": ..., "optimizer_state_dict": ...}: the rest is parsed and ignored).
// Each of its values must be a contiguous float/int tensor within its storage.
StateDictResult unpickleStateDict(QByteArrayView pickle);

} // namespace ae
