#pragma once

#include "Matrix.h"

#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace ae {

// The derived tensors of one trace that someone still holds, by (head, kind): a second
// view asking for the same tensor gets the same matrix instead of a second copy, and
// nothing stays alive once its last holder lets go (weak pointers only). Thread-safe: views
// and exporters ask from the GUI thread and from workers.
class DerivedTensorCache
{
public:
    DerivedTensorCache() = default;
    // A copied or moved trace starts empty: its tensors may be changed before anyone asks.
    DerivedTensorCache(const DerivedTensorCache&) {}
    DerivedTensorCache& operator=(const DerivedTensorCache&)
    {
        const std::lock_guard lock(m_mutex);
        m_entries.clear();
        return *this;
    }

    std::shared_ptr<const Matrix> find(int head, int kind) const
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_entries.find({head, kind});
        return it == m_entries.end() ? nullptr : it->second.lock();
    }
    void store(int head, int kind, const std::shared_ptr<const Matrix>& matrix)
    {
        const std::lock_guard lock(m_mutex);
        m_entries[{head, kind}] = matrix;
    }

private:
    mutable std::mutex m_mutex;
    std::map<std::pair<int, int>, std::weak_ptr<const Matrix>> m_entries;
};

} // namespace ae
