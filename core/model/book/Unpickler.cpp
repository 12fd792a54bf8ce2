#include "Unpickler.h"

#include <limits>

namespace ae::unpickling {

// What torch's pickles may call: the globals of a state_dict (collections.OrderedDict,
// torch._utils._rebuild_tensor_v2 and _rebuild_parameter, the storage types), nothing else.

Ref Unpickler::global(const std::string& module, const std::string& name)
{
    const std::string full = module + '.' + name;
    static const std::pair<const char*, std::pair<unpickling::Global, PthDtype>> allowed[] = {
        {"collections.OrderedDict", {unpickling::Global::OrderedDict, PthDtype::F32}},
        {"torch._utils._rebuild_tensor_v2", {unpickling::Global::RebuildTensor, PthDtype::F32}},
        {"torch._utils._rebuild_parameter", {unpickling::Global::RebuildParameter, PthDtype::F32}},
        {"torch.FloatStorage", {unpickling::Global::Storage, PthDtype::F32}},
        {"torch.HalfStorage", {unpickling::Global::Storage, PthDtype::F16}},
        {"torch.BFloat16Storage", {unpickling::Global::Storage, PthDtype::BF16}},
        {"torch.LongStorage", {unpickling::Global::Storage, PthDtype::I64}},
        {"torch.IntStorage", {unpickling::Global::Storage, PthDtype::I32}},
    };
    for (const auto& [allowedName, what] : allowed) {
        if (full == allowedName) {
            Ref g = make(Value::Kind::Global);
            g->s = full;
            g->global = what.first;
            g->dtype = what.second;
            return g;
        }
    }
    refuse(Pth::tr("the pickle names the global %1 at byte %2; a state_dict needs only "
                   "collections.OrderedDict, torch._utils._rebuild_tensor_v2 / _rebuild_parameter "
                   "and float storages, so nothing of it is run")
               .arg(QString::fromUtf8(full.data(), qsizetype(full.size())))
               .arg(m_opAt));
}

std::int64_t Unpickler::integer(const Ref& v, const char* what)
{
    if (v->kind != Value::Kind::Int)
        refuse(Pth::tr("%1 is a %2, not an int")
                   .arg(QLatin1StringView(what), QLatin1StringView(kindName(v->kind))));
    return v->i;
}

std::vector<std::int64_t> Unpickler::integers(const Ref& v, const char* what)
{
    if (v->kind != Value::Kind::Tuple)
        refuse(Pth::tr("%1 is a %2, not a tuple of ints")
                   .arg(QLatin1StringView(what), QLatin1StringView(kindName(v->kind))));
    if (v->items.size() > std::size_t(MaxTensorDims))
        refuse(Pth::tr("%1 has %2 dimensions, more than %3")
                   .arg(QLatin1StringView(what))
                   .arg(v->items.size())
                   .arg(MaxTensorDims));
    std::vector<std::int64_t> out;
    for (const Ref& item : v->items)
        out.push_back(integer(item, what));
    return out;
}

// ('storage', storage type, key, location, numel): torch.save's persistent id of a storage.
Ref Unpickler::persistentLoad(const Ref& pid)
{
    if (pid->kind != Value::Kind::Tuple || pid->items.size() != 5 ||
        pid->items[0]->kind != Value::Kind::Str || pid->items[0]->s != "storage")
        refuse(Pth::tr("BINPERSID at byte %1: the persistent id is not ('storage', type, key, "
                       "location, numel)")
                   .arg(m_opAt));
    const Ref& type = pid->items[1];
    if (type->kind != Value::Kind::Global || type->global != unpickling::Global::Storage)
        refuse(Pth::tr("BINPERSID at byte %1: the storage type is not one of torch's float or int "
                       "storages")
                   .arg(m_opAt));
    if (pid->items[2]->kind != Value::Kind::Str || pid->items[3]->kind != Value::Kind::Str)
        refuse(Pth::tr("BINPERSID at byte %1: the storage key or location is not a string")
                   .arg(m_opAt));
    const std::int64_t numel = integer(pid->items[4], "a storage's numel");
    if (numel < 0 || numel > std::numeric_limits<std::int64_t>::max() / 8)
        refuse(
            Pth::tr("BINPERSID at byte %1: storage numel %2 is impossible").arg(m_opAt).arg(numel));
    Ref storage = make(Value::Kind::Storage);
    storage->dtype = type->dtype;
    storage->s = pid->items[2]->s;
    storage->i = numel;
    return storage;
}

// torch._utils._rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad,
// backward_hooks[, metadata]): only contiguous tensors inside their storage.
Ref Unpickler::rebuildTensor(const std::vector<Ref>& args)
{
    if (args.size() != 6 && args.size() != 7)
        refuse(Pth::tr("_rebuild_tensor_v2 at byte %1 takes 6 or 7 arguments, not %2")
                   .arg(m_opAt)
                   .arg(args.size()));
    const Ref& storage = args[0];
    if (storage->kind != Value::Kind::Storage)
        refuse(Pth::tr("_rebuild_tensor_v2 at byte %1: its first argument is a %2, not a storage")
                   .arg(m_opAt)
                   .arg(QLatin1StringView(kindName(storage->kind))));
    Ref t = make(Value::Kind::Tensor);
    t->dtype = storage->dtype;
    t->s = storage->s;
    t->numel = storage->i;
    t->offset = integer(args[1], "a tensor's storage offset");
    t->shape = integers(args[2], "a tensor's size");
    t->stride = integers(args[3], "a tensor's stride");
    if (t->stride.size() != t->shape.size())
        refuse(
            Pth::tr("_rebuild_tensor_v2 at byte %1: size and stride differ in length").arg(m_opAt));
    return t;
}

Ref Unpickler::reduce(const Ref& callable, const Ref& args)
{
    if (callable->kind != Value::Kind::Global)
        refuse(Pth::tr("REDUCE at byte %1 calls a %2; only the allowed globals are called")
                   .arg(m_opAt)
                   .arg(QLatin1StringView(kindName(callable->kind))));
    if (args->kind != Value::Kind::Tuple)
        refuse(Pth::tr("REDUCE at byte %1: the arguments are a %2, not a tuple")
                   .arg(m_opAt)
                   .arg(QLatin1StringView(kindName(args->kind))));
    switch (callable->global) {
    case unpickling::Global::OrderedDict: {
        if (!args->items.empty())
            refuse(
                Pth::tr("collections.OrderedDict at byte %1 is called with arguments").arg(m_opAt));
        Ref dict = make(Value::Kind::Dict);
        dict->ordered = true;
        return dict;
    }
    case unpickling::Global::RebuildTensor:
        return rebuildTensor(args->items);
    case unpickling::Global::RebuildParameter:
        if (args->items.size() < 2 || args->items.size() > 3 ||
            args->items[0]->kind != Value::Kind::Tensor)
            refuse(Pth::tr("_rebuild_parameter at byte %1 takes (tensor, requires_grad, hooks)")
                       .arg(m_opAt));
        return args->items[0];
    case unpickling::Global::Storage:
        break;
    }
    refuse(Pth::tr("REDUCE at byte %1 calls %2, which is not called in a state_dict")
               .arg(m_opAt)
               .arg(QString::fromStdString(callable->s)));
}

} // namespace ae::unpickling
