#pragma once

#include "StateDictUnpickler.h"

#include <QByteArrayView>
#include <QString>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ae::unpickling {

// The restricted unpickler's machine: pickle opcodes -> a tree of plain values, tensors and
// storages, never running anything (StateDictUnpickler.h lists the rules). The state_dict is
// taken out of that tree by StateDictUnpickler.cpp.

// Why a pickle is refused (the message names the opcode, the global or the limit).
struct Refusal
{
    QString message;
};

[[noreturn]] void refuse(const QString& message);

// The globals a state_dict needs; every other one is refused by its module.name.
enum class Global
{
    OrderedDict,
    RebuildTensor,
    RebuildParameter,
    Storage
};

struct Value;
using Ref = std::shared_ptr<Value>;

struct Value
{
    enum class Kind
    {
        None,
        Bool,
        Int,
        Float,
        Str,
        Bytes,
        Tuple,
        List,
        Dict,
        Global,
        Storage,
        Tensor
    };
    Kind kind = Kind::None;
    bool frozen = false;  // inside another container: it may not change any more
    bool ordered = false; // a dict made by collections.OrderedDict (BUILD is accepted on it)
    int depth = 0;        // containers nested inside it
    std::int64_t i = 0;   // Int, Bool; Storage: numel
    double f = 0;
    std::string s;          // Str, Bytes; Global: "module.name"; Storage, Tensor: storage key
    std::vector<Ref> items; // Tuple, List; Dict: key, value, key, value ...
    unpickling::Global global = unpickling::Global::OrderedDict; // Global
    PthDtype dtype = PthDtype::F32;                              // Storage, Tensor
    std::int64_t offset = 0, numel = 0;      // Tensor: storage offset, storage numel
    std::vector<std::int64_t> shape, stride; // Tensor
};

const char* kindName(Value::Kind kind);

// Runs the pickle's opcodes; throws Refusal.
Ref runPickle(QByteArrayView bytes);

} // namespace ae::unpickling
