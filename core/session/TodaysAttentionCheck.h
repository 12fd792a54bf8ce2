#pragma once

#include "SessionIssue.h"

#include <optional>

namespace ae {

struct Session;

// The combinations of todays-attention.md's keys that cannot be computed, each refused with a
// message naming the key: RoPE on simplified attention, on cross-attention or with an odd head
// size; num_kv_heads outside "multihead" or not dividing num_heads; the flash kernel with
// dropout in training or the renormalising mask. Ranges (window, block sizes >= 1, rope_theta
// > 0) are refused when the session is read (SessionJson). Called by validateSession() once
// the shapes are known to be valid.
std::optional<SessionIssue> checkTodaysAttention(const Session& session);

} // namespace ae
