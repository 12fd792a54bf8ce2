#include "LabBenchmark.h"

#include "GuiFirst.h"
#include "LoopTurns.h"
#include "TrainingForm.h"
#include "TrainingWindow.h"
#include "TrainingWorker.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>

namespace ae {

LabTimings measureTrainingLab(const TrainingConfig& config)
{
    putOtherThreadsBehindTheGui(); // as measureUi()
    LabTimings timings;
    TrainingWindow lab;
    lab.form()->setConfig(config);
    lab.reset();
    lab.show();
    QElapsedTimer total;
    QTimer ticker; // due every millisecond: the loop's waits stay short (LoopTurns)
    ticker.setInterval(1);
    QEventLoop loop;
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        if (int(lab.losses().size()) >= config.steps && !lab.worker()->isRunning())
            loop.quit();
    });
    total.start();
    ticker.start();
    const LoopTurns turns;
    lab.startOrPause();
    loop.exec();
    timings.guiMaxBlockMs = turns.longest().workMs;
    timings.guiMaxWaitMs = turns.longest().waitMs;
    timings.trainMs = double(total.nsecsElapsed()) / 1e6;
    timings.stepsPerSecond = timings.trainMs > 0 ? 1000.0 * config.steps / timings.trainMs : 0;
    return timings;
}

} // namespace ae
