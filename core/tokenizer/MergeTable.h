#pragma once

#include <cstdint>
#include <vector>

namespace ae {

// BPE merges by pair: (left id, right id) -> (rank, merged id), open addressing over one slot
// array (std::unordered_map's node per merge was a sixth of loading Llama 3's 280,000 merges,
// and a cache miss more per lookup while encoding).
class MergeTable
{
public:
    struct Merge
    {
        std::int32_t rank = -1;
        std::int32_t merged = -1; // the id of the joined token
    };

    void reserve(std::size_t count)
    {
        std::size_t capacity = 16;
        while (capacity < count * 2)
            capacity *= 2;
        if (capacity > m_slots.size())
            rehash(capacity);
    }
    std::size_t size() const { return m_count; }

    // Sets the pair's merge (a repeated pair: the later one wins, as in Hugging Face's map).
    void set(std::int64_t left, std::int64_t right, Merge merge)
    {
        if ((m_count + 1) * 2 > m_slots.size())
            rehash(m_slots.empty() ? 16 : m_slots.size() * 2);
        const std::uint64_t key = keyOf(left, right);
        Slot& slot = m_slots[probe(key)];
        if (slot.key == Empty)
            ++m_count;
        slot = {key, merge};
    }

    // The pair's merge, or null.
    const Merge* find(std::int64_t left, std::int64_t right) const
    {
        if (m_slots.empty())
            return nullptr;
        const Slot& slot = m_slots[probe(keyOf(left, right))];
        return slot.key == Empty ? nullptr : &slot.merge;
    }

private:
    static constexpr std::uint64_t Empty = ~std::uint64_t(0); // ids are below 2^31
    struct Slot
    {
        std::uint64_t key = Empty;
        Merge merge;
    };
    static std::uint64_t keyOf(std::int64_t left, std::int64_t right)
    {
        return (static_cast<std::uint64_t>(left) << 32) | static_cast<std::uint64_t>(right);
    }
    // The slot holding `key`, or the empty one where it would go.
    std::size_t probe(std::uint64_t key) const
    {
        const std::size_t mask = m_slots.size() - 1;
        // Fibonacci hashing spreads consecutive ids over the table.
        std::size_t i = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
        while (m_slots[i].key != Empty && m_slots[i].key != key)
            i = (i + 1) & mask;
        return i;
    }
    void rehash(std::size_t capacity)
    {
        std::vector<Slot> old(capacity);
        old.swap(m_slots);
        for (const Slot& slot : old)
            if (slot.key != Empty)
                m_slots[probe(slot.key)] = slot;
    }

    std::vector<Slot> m_slots;
    std::size_t m_count = 0;
};

} // namespace ae
