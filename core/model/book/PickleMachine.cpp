#include "PickleMachine.h"

#include "ModelMessages.h"
#include "Unpickler.h"

#include <bit>

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
