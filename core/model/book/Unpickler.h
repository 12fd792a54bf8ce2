#pragma once

#include "ModelMessages.h"
#include "PickleMachine.h"

#include <QByteArrayView>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ae::unpickling {

// The machine's state while it runs one pickle: the bytes read with every read bounds-checked,
// the stack, marks and memo, and the values made, each limit refused by name
// (StateDictUnpickler.h's limits). run() (PickleMachine.cpp) is the opcode loop; the few globals a
// state_dict calls are Unpickler.cpp's.
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

} // namespace ae::unpickling
