#pragma once

#include "Session.h"

#include <memory>
#include <optional>

namespace ae {

struct CommandLineRequest;
struct ModelRun;

// A session computed for the command line, whatever computes it, and the layer --layer chose
// (from 0).
struct ComputedRun
{
    std::shared_ptr<const ModelRun> run;
    int layer = 0;
};

// Computes `session`: the seed module's forward (a run of one layer; --layer is refused, it
// has one), or a checkpoint's (--layer checked against n_layer before the forward runs). On
// failure the message is printed and `exitCode` set: an unreadable checkpoint, the memory guard
// or a --layer out of range ExitUsageOrIo, a refused session ExitInvalidSession.
std::optional<ComputedRun> computeRun(const CommandLineRequest& request, const Session& session,
                                      int& exitCode);

// The request's session file (with its overrides) loaded and computed (computeRun), and the
// checkpoint checked not to have changed while it was read: what --dump-json, --export and
// --export-deck start from. On failure the message is printed and `exitCode` set (a session
// file that cannot be read ExitUsageOrIo, a refused one ExitInvalidSession).
struct LoadedRun
{
    Session session;
    ComputedRun computed;
};
std::optional<LoadedRun> loadAndComputeRun(const CommandLineRequest& request, int& exitCode);

// Whether the checkpoint was truncated while it was read (MappedFileGuard gave zeros instead
// of a crash): whatever was computed from it is wrong. Prints the message when it was; false
// for the seed module.
bool changedWhileRead(const ModelRun& run);

} // namespace ae
