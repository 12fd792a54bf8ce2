#pragma once

namespace ae {

struct TrainingConfig;

// The training lab in the window (offscreen platform), for --train SESSION --benchmark: the
// session trained to its end with the window drawing every report, and the longest work and
// wait of one turn of the GUI thread's event loop meanwhile (LoopTurns.h).
struct LabTimings
{
    double trainMs = 0; // Start until the last step's report is drawn
    double stepsPerSecond = 0;
    double guiMaxBlockMs = 0;
    double guiMaxWaitMs = 0;
};
LabTimings measureTrainingLab(const TrainingConfig& config);

} // namespace ae
