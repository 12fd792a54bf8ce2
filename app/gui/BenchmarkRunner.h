#pragma once

namespace ae {

struct CommandLineRequest;

// --benchmark: times the stages of one session on this machine and prints one JSON
// object as the last line of stdout (see docs/performance.md).
int runBenchmark(const CommandLineRequest& request);

} // namespace ae
