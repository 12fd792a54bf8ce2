#pragma once

#include "HeatmapSpec.h"

#include <memory>

namespace ae {

struct Trace;

namespace figures {

// The heads page's figures (PageCatalog's "heads").
// Every head's attention weights in a grid: with grouped key/value heads, the query heads that
// read one key/value head side by side, each panel naming its key/value head.
Figure headGrid(const std::shared_ptr<const Trace>& trace);

// The key/value cache a decoder keeps per token (todays-attention.md §2): kv_heads·(d_k + d_v)
// floats per layer with grouped heads against num_heads·(d_k + d_v) with one key/value head
// per query head, for this session and for Llama 2 7B (32 heads, all its own key/value heads)
// and 70B (64 query heads sharing 8), head size 128. Rows: the models; columns: the two
// layouts.
HeatmapSpec kvCache(const std::shared_ptr<const Trace>& trace);

} // namespace figures
} // namespace ae
