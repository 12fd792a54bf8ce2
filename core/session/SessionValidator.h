#pragma once

#include "SessionIssue.h"

#include <cstdint>
#include <optional>

namespace ae {

struct Session;

// Bytes of tensors a computation of this session would hold (the trace plus the
// forward's temporaries), computed without allocating anything.
double estimateTraceBytes(const Session& session, std::int64_t queryTokens, std::int64_t keyTokens);
// What the whole process would hold for this session (limits::MaxProcessBytes guards it):
// the tensors above, the window's and the figures' heatmap images, the token strings and
// a fixed base for the program.
double estimateProcessBytes(const Session& session, std::int64_t queryTokens,
                            std::int64_t keyTokens);

// The first reason this session cannot be computed, or nothing when it can. Checks
// ranges, combinations of keys, the manual matrices, the tokens, and the memory guard.
std::optional<SessionIssue> validateSession(const Session& session);

} // namespace ae
