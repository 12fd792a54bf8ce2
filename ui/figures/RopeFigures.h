#pragma once

#include "HeatmapSpec.h"

#include <memory>

namespace ae {

struct Trace;

// The figures of rotary position embeddings (session key rope, docs/todays-attention.md §1):
// what the RoPE page shows and --export writes. Each needs a trace computed with RoPE.
namespace figures {

// θ_i·m for every position m and pair i, in radians: (T, h/2).
HeatmapSpec ropeAngles(const std::shared_ptr<const Trace>& trace);
// The head's queries as projected and as rotated (queries_rope), side by side.
Figure ropeQueries(const std::shared_ptr<const Trace>& trace, int head);
// The head's keys as projected and as rotated (keys_rope; of its key/value head).
Figure ropeKeys(const std::shared_ptr<const Trace>& trace, int head);
// Why RoPE is relative: one vector v (the head's first query) rotated to every position m and
// to every position n, and their dot products rot(v, m)·rot(v, n), (T, T). Equal along each
// diagonal: the score depends only on m − n.
HeatmapSpec ropeRelative(const std::shared_ptr<const Trace>& trace, int head);

} // namespace figures
} // namespace ae
