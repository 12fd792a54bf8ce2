#pragma once

namespace ae {

struct CommandLineRequest;

// --benchmark: times the stages of one session on this machine and prints one JSON
// object as the last line of stdout (see README, "Speed").
int runBenchmark(const CommandLineRequest& request);

} // namespace ae
