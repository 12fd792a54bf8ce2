#pragma once

class QJsonObject;

namespace ae {

struct Session;

// --benchmark's figures of heads.md with a model session (the speed targets of issue 25), added
// to `out`; nothing for a model too small for them (n_ctx below 32):
//   detect_forward_ms, detect_ms: the forward of n_ctx (at most 1024) random tokens, then every
//     detector on every head;
//   ablate_forward_ms, ablate_all_ms: the forward of 32 tokens, then every head zero-ablated;
//   generate_ms_per_token: the median step of a greedy generation with the key/value cache
//     after a prompt of 255 tokens (or n_ctx - GenerateSteps); generate_prefix_ms_per_token the
//     same token by transformerForward reusing the previous forward's prefix, and
//     generate_scratch_ms_per_token by a forward of every token from scratch (median of 3).
// Holds one model and at most two forwards at a time.
void measureHeads(const Session& session, QJsonObject& out);

} // namespace ae
