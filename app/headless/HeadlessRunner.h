#pragma once

namespace ae {

struct CommandLineRequest;

// Exit codes of the command-line front end.
enum ExitCode : int
{
    ExitOk = 0,
    ExitInvalidSession = 1,
    ExitUsageOrIo = 2
};

// --dump-json: load, compute, write the spec §6 dump atomically. Messages go to stderr.
int runDumpJson(const CommandLineRequest& request);

} // namespace ae
