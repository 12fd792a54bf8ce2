#include "StateDictUnpickler.h"

#include "PickleMachine.h"

#include "ModelMessages.h"

#include <bit>
#include <cstring>
#include <limits>
#include <memory>
#include <unordered_map>

namespace ae {

int pthDtypeSize(PthDtype dtype)
{
    switch (dtype) {
    case PthDtype::F32:
    case PthDtype::I32:
        return 4;
    case PthDtype::F16:
    case PthDtype::BF16:
        return 2;
    case PthDtype::I64:
        return 8;
    }
    return 4;
}

const char* pthDtypeName(PthDtype dtype)
{
    switch (dtype) {
    case PthDtype::F32:
        return "F32";
    case PthDtype::F16:
        return "F16";
    case PthDtype::BF16:
        return "BF16";
    case PthDtype::I64:
        return "I64";
    case PthDtype::I32:
        return "I32";
    }
    return "?";
}

std::int64_t PthTensor::elementCount() const
{
    std::int64_t n = 1;
    for (const std::int64_t s : shape)
        n *= s;
    return n;
}

// Named rather than anonymous: the unity build puts this file beside others with their own
// helpers.
namespace unpickling {

const Value* lookup(const Value& dict, const char* key)
{
    for (std::size_t k = 0; k + 1 < dict.items.size(); k += 2)
        if (dict.items[k]->kind == Value::Kind::Str && dict.items[k]->s == key)
            return dict.items[k + 1].get();
    return nullptr;
}

PthTensor checkedTensor(const std::string& name, const Value& t)
{
    const QString quoted = u'\u201c' + QString::fromStdString(name) + u'\u201d';
    const QString where = Pth::tr("tensor %1 (storage %2, offset %3, storage numel %4)")
                              .arg(quoted, QString::fromStdString(t.s))
                              .arg(t.offset)
                              .arg(t.numel);
    std::int64_t count = 1;
    std::int64_t expectStride = 1;
    for (std::size_t k = t.shape.size(); k-- > 0;) {
        const std::int64_t size = t.shape[k];
        if (size < 0)
            refuse(Pth::tr("%1 has a negative size").arg(where));
        if (size != 1 && t.stride[k] != expectStride)
            refuse(Pth::tr("%1 is not contiguous (stride %2 in dimension %3, %4 expected)")
                       .arg(where)
                       .arg(t.stride[k])
                       .arg(k)
                       .arg(expectStride));
        if (size != 0 && count > std::numeric_limits<std::int64_t>::max() / 8 / size)
            refuse(Pth::tr("%1 has too many elements").arg(where));
        count *= size;
        expectStride *= size;
    }
    if (t.offset < 0 || t.offset > t.numel || count > t.numel - t.offset)
        refuse(
            Pth::tr("%1 with %2 elements does not lie inside its storage").arg(where).arg(count));
    PthTensor out;
    out.name = name;
    out.dtype = t.dtype;
    out.shape = t.shape;
    out.storageKey = t.s;
    out.storageOffset = t.offset;
    out.storageNumel = t.numel;
    return out;
}

StateDictResult read(QByteArrayView pickle)
{
    StateDictResult result;
    try {
        const Ref root = runPickle(pickle);
        if (root->kind != Value::Kind::Dict)
            refuse(Pth::tr("the pickle holds a %1, not a state_dict")
                       .arg(QLatin1StringView(kindName(root->kind))));
        const Value* dict = root.get();
        if (const Value* model = lookup(*root, "model_state_dict")) {
            if (model->kind != Value::Kind::Dict)
                refuse(Pth::tr("\"model_state_dict\" is a %1, not a state_dict")
                           .arg(QLatin1StringView(kindName(model->kind))));
            dict = model;
        }
        for (std::size_t k = 0; k + 1 < dict->items.size(); k += 2) {
            const Value& key = *dict->items[k];
            const Value& value = *dict->items[k + 1];
            if (key.kind != Value::Kind::Str)
                refuse(Pth::tr("the state_dict has a %1 key; its keys are tensor names")
                           .arg(QLatin1StringView(kindName(key.kind))));
            if (value.kind != Value::Kind::Tensor)
                refuse(Pth::tr("the state_dict's \"%1\" is a %2, not a tensor")
                           .arg(QString::fromStdString(key.s),
                                QLatin1StringView(kindName(value.kind))));
            result.tensors.push_back(checkedTensor(key.s, value));
        }
    } catch (const Refusal& refusal) {
        result.tensors.clear();
        result.error = refusal.message;
    }
    return result;
}

} // namespace unpickling

StateDictResult unpickleStateDict(QByteArrayView pickle)
{
    return unpickling::read(pickle);
}

} // namespace ae