#pragma once

namespace ae {

struct TrainingConfig;

// The training lab in the window (offscreen platform), for --train SESSION --benchmark: the
// session trained to its end with the window drawing every report, and the longest the GUI
// thread did not return to its event loop meanwhile (a 1 ms ticker's longest gap).
struct LabTimings
{
    double trainMs = 0; // Start until the last step's report is drawn
    double stepsPerSecond = 0;
    double guiMaxBlockMs = 0;
};
LabTimings measureTrainingLab(const TrainingConfig& config);

} // namespace ae
