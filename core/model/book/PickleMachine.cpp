#include "PickleMachine.h"

#include "ModelMessages.h"

#include <bit>
#include <cstring>
#include <limits>
#include <memory>
#include <unordered_map>

namespace ae::unpickling {

void refuse(const QString& message)
{
    throw Refusal{message};
}

const char* kindName(Value::Kind kind)
{
    switch (kind) {
    case Value::Kind::None:
        return "None";
    case Value::Kind::Bool:
        return "bool";
    case Value::Kind::Int:
        return "int";
    case Value::Kind::Float:
        return "float";
    case Value::Kind::Str:
        return "str";
    case Value::Kind::Bytes:
        return "bytes";
    case Value::Kind::Tuple:
        return "tuple";
    case Value::Kind::List:
        return "list";
    case Value::Kind::Dict:
        return "dict";
    case Value::Kind::Global:
        return "global";
    case Value::Kind::Storage:
        return "storage";
    case Value::Kind::Tensor:
        return "tensor";
    }
    return "?";
}

// Opcodes refused by name (the rest of pickle's opcodes that are not plain data).
const char* refusedOpcodeName(unsigned char op)
{
    switch (op) {
    case 'i':
        return "INST";
    case 'o':
        return "OBJ";
    case 0x81:
        return "NEWOBJ";
    case 0x92:
        return "NEWOBJ_EX";
    case 0x82:
        return "EXT1";
    case 0x83:
        return "EXT2";
    case 0x84:
        return "EXT4";
    case 'P':
        return "PERSID";
    case 0x8f:
        return "EMPTY_SET";
    case 0x90:
        return "ADDITEMS";
    case 0x91:
        return "FROZENSET";
    case 0x96:
        return "BYTEARRAY8";
    case 0x97:
        return "NEXT_BUFFER";
    case 0x98:
        return "READONLY_BUFFER";
    case 'I':
        return "INT";
    case 'L':
        return "LONG";
    case 'S':
        return "STRING";
    case 'V':
        return "UNICODE";
    case 'F':
        return "FLOAT";
    case 'g':
        return "GET";
    case 'p':
        return "PUT";
    default:
        return nullptr;
    }
}

class Unpickler
{
public:
    explicit Unpickler(QByteArrayView bytes)
        : m_data(reinterpret_cast<const unsigned char*>(bytes.data())),
          m_size(std::size_t(bytes.size()))
    {
    }

    Ref run();

private:
    // Reading, every read bounds-checked.
    std::size_t m_pos = 0;
    std::size_t m_opAt = 0;
    const unsigned char* m_data;
    std::size_t m_size;

    const unsigned char* take(std::size_t n)
    {
        if (n > m_size - m_pos)
            refuse(Pth::tr("the pickle ends inside the opcode at byte %1").arg(m_opAt));
        const unsigned char* p = m_data + m_pos;
        m_pos += n;
        return p;
    }
    std::uint64_t little(std::size_t n)
    {
        const unsigned char* p = take(n);
        std::uint64_t v = 0;
        for (std::size_t k = n; k-- > 0;)
            v = (v << 8) | p[k];
        return v;
    }
    std::string text(std::uint64_t n)
    {
        if (n > MaxPickleString)
            refuse(Pth::tr("a string of %1 bytes at byte %2 is longer than the %3 accepted")
                       .arg(n)
                       .arg(m_opAt)
                       .arg(MaxPickleString));
        const unsigned char* p = take(std::size_t(n));
        return std::string(reinterpret_cast<const char*>(p), std::size_t(n));
    }
    std::string line()
    {
        std::string out;
        for (;;) {
            const unsigned char c = *take(1);
            if (c == '\n')
                return out;
            if (out.size() >= 256)
                refuse(Pth::tr("a global's name at byte %1 is longer than 256 bytes").arg(m_opAt));
            out.push_back(char(c));
        }
    }

    // Values.
    std::vector<Ref> m_stack;
    std::vector<std::size_t> m_marks;
    std::unordered_map<std::uint64_t, Ref> m_memo;
    std::size_t m_values = 0;

    Ref make(Value::Kind kind)
    {
        if (++m_values > MaxPickleValues)
            refuse(Pth::tr("the pickle creates more than %1 values").arg(MaxPickleValues));
        auto v = std::make_shared<Value>();
        v->kind = kind;
        return v;
    }
    void push(Ref v)
    {
        if (m_stack.size() >= MaxPickleStack)
            refuse(Pth::tr("the pickle's stack grows beyond %1 values").arg(MaxPickleStack));
        m_stack.push_back(std::move(v));
    }
    Ref pop()
    {
        if (m_stack.size() <= (m_marks.empty() ? 0 : m_marks.back()))
            refuse(Pth::tr("the opcode at byte %1 pops an empty stack").arg(m_opAt));
        Ref v = std::move(m_stack.back());
        m_stack.pop_back();
        return v;
    }
    Ref& top()
    {
        if (m_stack.size() <= (m_marks.empty() ? 0 : m_marks.back()))
            refuse(Pth::tr("the opcode at byte %1 needs a value on the stack").arg(m_opAt));
        return m_stack.back();
    }
    std::vector<Ref> popMark()
    {
        if (m_marks.empty())
            refuse(Pth::tr("the opcode at byte %1 needs a MARK").arg(m_opAt));
        const std::size_t mark = m_marks.back();
        m_marks.pop_back();
        std::vector<Ref> items(std::make_move_iterator(m_stack.begin() + std::ptrdiff_t(mark)),
                               std::make_move_iterator(m_stack.end()));
        m_stack.resize(mark);
        return items;
    }
    // `child` goes into `parent`: the child may not change any more; the parent may not have
    // been frozen (so no container ever contains itself) and its depth stays bounded.
    void adopt(Value& parent, Value& child)
    {
        if (&parent == &child || parent.frozen)
            refuse(Pth::tr("the opcode at byte %1 changes a %2 that is already inside another "
                           "value (a state_dict never does)")
                       .arg(m_opAt)
                       .arg(QLatin1StringView(kindName(parent.kind))));
        child.frozen = true;
        parent.depth = std::max(parent.depth, child.depth + 1);
        if (parent.depth > MaxPickleDepth)
            refuse(Pth::tr("values nest deeper than %1 levels at byte %2")
                       .arg(MaxPickleDepth)
                       .arg(m_opAt));
    }
    Ref tuple(std::vector<Ref> items)
    {
        Ref t = make(Value::Kind::Tuple);
        for (Ref& item : items)
            adopt(*t, *item);
        t->items = std::move(items);
        return t;
    }
    void append(Value& list, std::vector<Ref> items)
    {
        if (list.kind != Value::Kind::List)
            refuse(Pth::tr("APPEND(S) at byte %1 on a %2, not a list")
                       .arg(m_opAt)
                       .arg(QLatin1StringView(kindName(list.kind))));
        for (Ref& item : items) {
            adopt(list, *item);
            list.items.push_back(std::move(item));
        }
    }
    void setItems(Value& dict, std::vector<Ref> items)
    {
        if (dict.kind != Value::Kind::Dict)
            refuse(Pth::tr("SETITEM(S) at byte %1 on a %2, not a dict")
                       .arg(m_opAt)
                       .arg(QLatin1StringView(kindName(dict.kind))));
        if (items.size() % 2 != 0)
            refuse(Pth::tr("SETITEMS at byte %1 has a key without a value").arg(m_opAt));
        for (Ref& item : items) {
            adopt(dict, *item);
            dict.items.push_back(std::move(item));
        }
    }
    void memoPut(std::uint64_t key)
    {
        if (m_memo.size() >= MaxPickleMemo && !m_memo.count(key))
            refuse(Pth::tr("the pickle's memo grows beyond %1 entries").arg(MaxPickleMemo));
        m_memo[key] = top();
    }
    void memoGet(std::uint64_t key)
    {
        const auto found = m_memo.find(key);
        if (found == m_memo.end())
            refuse(Pth::tr("the opcode at byte %1 reads memo entry %2, which was never stored")
                       .arg(m_opAt)
                       .arg(key));
        push(found->second);
    }

    Ref global(const std::string& module, const std::string& name);
    Ref reduce(const Ref& callable, const Ref& args);
    Ref persistentLoad(const Ref& pid);
    Ref rebuildTensor(const std::vector<Ref>& args);
    static std::int64_t integer(const Ref& v, const char* what);
    std::vector<std::int64_t> integers(const Ref& v, const char* what);
};

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

Ref Unpickler::run()
{
    for (;;) {
        m_opAt = m_pos;
        const unsigned char op = *take(1);
        switch (op) {
        case 0x80: { // PROTO
            const unsigned version = *take(1);
            if (version < 2 || version > 5)
                refuse(Pth::tr("pickle protocol %1 is not read (2 to 5 are)").arg(version));
            break;
        }
        case 0x95: // FRAME: a length hint
            take(8);
            break;
        case '.': // STOP
            if (m_stack.size() != 1 || !m_marks.empty())
                refuse(Pth::tr("STOP at byte %1 leaves %2 values on the stack, not 1")
                           .arg(m_opAt)
                           .arg(m_stack.size()));
            return m_stack.back();
        case '(': // MARK
            if (m_marks.size() >= MaxPickleStack)
                refuse(Pth::tr("too many MARKs"));
            m_marks.push_back(m_stack.size());
            break;
        case '0': // POP
            pop();
            break;
        case '1': // POP_MARK
            popMark();
            break;
        case '2': // DUP
            push(top());
            break;
        case 'N':
            push(make(Value::Kind::None));
            break;
        case 0x88:
        case 0x89: { // NEWTRUE, NEWFALSE
            Ref v = make(Value::Kind::Bool);
            v->i = op == 0x88;
            push(v);
            break;
        }
        case 'J': { // BININT
            Ref v = make(Value::Kind::Int);
            v->i = std::int32_t(std::uint32_t(little(4)));
            push(v);
            break;
        }
        case 'K': { // BININT1
            Ref v = make(Value::Kind::Int);
            v->i = std::int64_t(little(1));
            push(v);
            break;
        }
        case 'M': { // BININT2
            Ref v = make(Value::Kind::Int);
            v->i = std::int64_t(little(2));
            push(v);
            break;
        }
        case 0x8a:
        case 0x8b: { // LONG1, LONG4: little-endian two's complement
            const std::uint64_t n = little(op == 0x8a ? 1 : 4);
            if (n > 8)
                refuse(Pth::tr("an int of %1 bytes at byte %2 is larger than 64 bits")
                           .arg(n)
                           .arg(m_opAt));
            Ref v = make(Value::Kind::Int);
            const std::uint64_t bits = n ? little(std::size_t(n)) : 0;
            v->i = n == 0 || n == 8 ? std::int64_t(bits)
                                    : std::int64_t(bits << (64 - 8 * n)) >> (64 - 8 * n);
            push(v);
            break;
        }
        case 'G': { // BINFLOAT: big-endian double
            const unsigned char* p = take(8);
            std::uint64_t bits = 0;
            for (int k = 0; k < 8; ++k)
                bits = (bits << 8) | p[k];
            Ref v = make(Value::Kind::Float);
            v->f = std::bit_cast<double>(bits);
            push(v);
            break;
        }
        case 'X':    // BINUNICODE
        case 0x8c:   // SHORT_BINUNICODE
        case 0x8d:   // BINUNICODE8
        case 'T':    // BINSTRING
        case 'U':    // SHORT_BINSTRING
        case 'B':    // BINBYTES
        case 'C':    // SHORT_BINBYTES
        case 0x8e: { // BINBYTES8
            const std::size_t width = op == 0x8c || op == 'U' || op == 'C' ? 1
                                      : op == 0x8d || op == 0x8e           ? 8
                                                                           : 4;
            Ref v =
                make(op == 'B' || op == 'C' || op == 0x8e ? Value::Kind::Bytes : Value::Kind::Str);
            v->s = text(little(width));
            push(v);
            break;
        }
        case ')':
            push(tuple({}));
            break;
        case 't':
            push(tuple(popMark()));
            break;
        case 0x85:
        case 0x86:
        case 0x87: { // TUPLE1..3
            std::vector<Ref> items(std::size_t(op - 0x84));
            for (std::size_t k = items.size(); k-- > 0;)
                items[k] = pop();
            push(tuple(std::move(items)));
            break;
        }
        case ']':
            push(make(Value::Kind::List));
            break;
        case 'l': { // LIST
            std::vector<Ref> items = popMark();
            Ref list = make(Value::Kind::List);
            append(*list, std::move(items));
            push(list);
            break;
        }
        case 'a': { // APPEND
            Ref item = pop();
            append(*top(), {std::move(item)});
            break;
        }
        case 'e': { // APPENDS
            std::vector<Ref> items = popMark();
            append(*top(), std::move(items));
            break;
        }
        case '}':
            push(make(Value::Kind::Dict));
            break;
        case 'd': { // DICT
            std::vector<Ref> items = popMark();
            Ref dict = make(Value::Kind::Dict);
            setItems(*dict, std::move(items));
            push(dict);
            break;
        }
        case 's': { // SETITEM
            Ref value = pop();
            Ref key = pop();
            setItems(*top(), {std::move(key), std::move(value)});
            break;
        }
        case 'u': { // SETITEMS
            std::vector<Ref> items = popMark();
            setItems(*top(), std::move(items));
            break;
        }
        case 'q':
            memoPut(little(1));
            break;
        case 'r':
            memoPut(little(4));
            break;
        case 0x94: // MEMOIZE
            memoPut(m_memo.size());
            break;
        case 'h':
            memoGet(little(1));
            break;
        case 'j':
            memoGet(little(4));
            break;
        case 'c': { // GLOBAL
            const std::string module = line();
            const std::string name = line();
            push(global(module, name));
            break;
        }
        case 0x93: { // STACK_GLOBAL
            Ref name = pop();
            Ref module = pop();
            if (module->kind != Value::Kind::Str || name->kind != Value::Kind::Str)
                refuse(Pth::tr("STACK_GLOBAL at byte %1 without two strings").arg(m_opAt));
            push(global(module->s, name->s));
            break;
        }
        case 'R': { // REDUCE
            Ref args = pop();
            Ref callable = pop();
            push(reduce(callable, args));
            break;
        }
        case 'b': { // BUILD: accepted on an OrderedDict (a state_dict's _metadata), ignored
            Ref state = pop();
            const Value& object = *top();
            if (object.kind != Value::Kind::Dict || !object.ordered)
                refuse(Pth::tr("BUILD at byte %1 on a %2; only an OrderedDict's state is accepted")
                           .arg(m_opAt)
                           .arg(QLatin1StringView(kindName(object.kind))));
            break;
        }
        case 'Q': { // BINPERSID
            Ref pid = pop();
            push(persistentLoad(pid));
            break;
        }
        default: {
            const char* name = refusedOpcodeName(op);
            refuse(name
                       ? Pth::tr("the pickle's opcode %1 at byte %2 is refused: a state_dict never "
                                 "needs it, and nothing of the pickle is run")
                             .arg(QLatin1StringView(name))
                             .arg(m_opAt)
                       : Pth::tr("unknown pickle opcode 0x%1 at byte %2")
                             .arg(unsigned(op), 2, 16, QLatin1Char('0'))
                             .arg(m_opAt));
        }
        }
    }
}

Ref runPickle(QByteArrayView bytes)
{
    Unpickler unpickler(bytes);
    return unpickler.run();
}

} // namespace ae::unpickling
