#pragma once

#include <functional>

class QIODevice;

namespace ae {

struct CommandLineRequest;

// Exit codes of the command-line front end.
enum ExitCode : int
{
    ExitOk = 0,
    ExitInvalidSession = 1,
    ExitUsageOrIo = 2
};

// --dump-json: load, compute (the seed module or a checkpoint: RunCompute), write the dump of
// RunJson.h atomically. Messages go to stderr.
int runDumpJson(const CommandLineRequest& request);

// Writes a dump to request.dumpPath ("-": the standard output) through `write`, which streams
// the JSON to the device it is given and returns false when a write failed: into a file
// atomically (OutputFile), nothing left on failure. Returns the exit code; messages on stderr.
int writeDump(const CommandLineRequest& request, const std::function<bool(QIODevice&)>& write);

} // namespace ae
