#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

// Byte string -> token id over a vocabulary's own strings (`tokens`, id -> bytes, passed to
// each call so that the owner can move): open addressing,
// each slot the id and its hash, so a lookup touches the slot array and, on a hash match, the
// one string compared. A tokenizer.json's 280,000 merges look up three tokens each while the
// file loads; std::unordered_map's node per entry made that most of the load time.
class TokenIndex
{
public:
    void reserve(std::size_t count)
    {
        std::size_t capacity = 16;
        while (capacity < count * 2)
            capacity *= 2;
        if (capacity > m_slots.size())
            rehash(capacity);
    }

    // Adds token `id` (tokens[id]) unless its bytes are there already (the first id stays).
    void insert(std::int32_t id, const std::vector<std::string>& tokens)
    {
        if ((m_count + 1) * 2 > m_slots.size())
            rehash(m_slots.empty() ? 16 : m_slots.size() * 2);
        const std::string_view bytes = tokens[static_cast<std::size_t>(id)];
        const std::uint32_t hash = hashOf(bytes);
        for (std::size_t i = hash & mask();; i = (i + 1) & mask()) {
            Slot& slot = m_slots[i];
            if (slot.id < 0) {
                slot = {hash, id};
                ++m_count;
                return;
            }
            if (slot.hash == hash && tokens[static_cast<std::size_t>(slot.id)] == bytes)
                return;
        }
    }

    // The id of `bytes`, or -1.
    std::int64_t find(std::string_view bytes, const std::vector<std::string>& tokens) const
    {
        if (m_slots.empty())
            return -1;
        const std::uint32_t hash = hashOf(bytes);
        for (std::size_t i = hash & mask();; i = (i + 1) & mask()) {
            const Slot& slot = m_slots[i];
            if (slot.id < 0)
                return -1;
            if (slot.hash == hash && tokens[static_cast<std::size_t>(slot.id)] == bytes)
                return slot.id;
        }
    }

private:
    struct Slot
    {
        std::uint32_t hash = 0;
        std::int32_t id = -1;
    };
    static std::uint32_t hashOf(std::string_view bytes)
    {
        return static_cast<std::uint32_t>(std::hash<std::string_view>()(bytes));
    }
    std::size_t mask() const { return m_slots.size() - 1; }
    void rehash(std::size_t capacity)
    {
        std::vector<Slot> old(capacity);
        old.swap(m_slots);
        for (const Slot& slot : old) {
            if (slot.id < 0)
                continue;
            for (std::size_t i = slot.hash & mask();; i = (i + 1) & mask())
                if (m_slots[i].id < 0) {
                    m_slots[i] = slot;
                    break;
                }
        }
    }

    std::vector<Slot> m_slots;
    std::size_t m_count = 0;
};

} // namespace ae
