#pragma once

#include "SessionIssue.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <utility>

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

// What one layer's views cost the process beyond its trace (a model run adds it to its own
// trace's bytes): the T x S tensors the page on screen derives (max(heads, 3), one more for an
// exporter), their heatmap images, the token strings (`textBytes` of text) and the program's
// base.
double estimateViewBytes(int heads, std::int64_t queryTokens, std::int64_t keyTokens,
                         std::size_t textBytes);
// "2.37 GB": a size for a memory message.
QString memoryText(double bytes);
// "2.37 GB" and "1.50 GB" for a memory message: as many digits as it takes to tell the two
// apart.
std::pair<QString, QString> memoryTexts(double need, double limit);

// "d_in (0) must be between 1 and 4096", naming the key, when `value` is outside [low, high].
std::optional<SessionIssue> checkRange(const char* key, std::int64_t value, std::int64_t low,
                                       std::int64_t high);

// The first reason this session cannot be computed, or nothing when it can. Checks
// ranges, combinations of keys, the manual matrices, the tokens, and the memory guard.
std::optional<SessionIssue> validateSession(const Session& session);

} // namespace ae
