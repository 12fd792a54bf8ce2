#pragma once

#include <string>

class QIODevice;

namespace ae {

struct Trace;

// The dump of spec §6: tokens, vocabulary, every tensor of the module and of each head,
// under PyTorch's names. Adds "format", "version", "shapes" (name -> [rows, cols]),
// per-head "scaled_scores" and, for causal sessions, "mask_methods_max_abs_diff".
std::string traceToJson(const Trace& trace);
// The same, streamed to `device` in chunks (memory bounded whatever the size); false when
// a write failed.
bool writeTraceJson(const Trace& trace, QIODevice& device);

} // namespace ae
