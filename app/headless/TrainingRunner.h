#pragma once

#include <functional>

class QJsonObject;

namespace ae {

struct TrainingConfig;

struct CommandLineRequest;

// --train SESSION (training.md §4). Training sessions are read and validated first: an
// unreadable file exits 2, a refused session 1 with the message naming the key, before any
// step runs.
//   --dump-json OUT: trains train.steps (or --steps) steps and writes {"loss": [per step],
//     "val_loss": [per evaluation], "probe_ids": [...], "scores": {kind: {"mul", "abs":
//     [[layer][head]]}}} (the detectors on the probe after the last step), atomically;
//     --save-checkpoint DIR also writes the book's checkpoint there.
//   --benchmark: trains the same steps and prints one JSON line: ms_per_step (the median over
//     the steps after the first fifth), steps, threads and peak_rss_mb.
int runTrainingDump(const CommandLineRequest& request);
//     `more` adds keys measured elsewhere (the window's, app/gui) to that line.
int runTrainingBenchmark(const CommandLineRequest& request,
                         const std::function<void(const TrainingConfig&, QJsonObject&)>& more = {});

} // namespace ae
