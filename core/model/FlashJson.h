#pragma once

namespace ae {

class JsonWriter;
struct FlashTrace;

// A head's "flash" object of the dump (todays-attention.md §4): {"block_q", "block_k",
// "tiles": [{"q_block", "k_block", "skipped", "m", "l"}]}, the tiles in the order computed and
// m and l per row of the query block after that key block (a skipped tile repeats the values
// before it), then "max_abs_diff_standard" (max |flash context - standard context|).
void writeFlashJson(JsonWriter& w, const FlashTrace& flash, float maxDiffStandard);

} // namespace ae
