#include "LabBenchmark.h"

#include "GuiFirst.h"
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
    QElapsedTimer sinceTick, total;
    QTimer ticker;
    ticker.setInterval(1);
    QEventLoop loop;
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        timings.guiMaxBlockMs =
            std::max(timings.guiMaxBlockMs, double(sinceTick.nsecsElapsed()) / 1e6);
        sinceTick.restart();
        if (int(lab.losses().size()) >= config.steps && !lab.worker()->isRunning())
            loop.quit();
    });
    total.start();
    sinceTick.start();
    ticker.start();
    lab.startOrPause();
    loop.exec();
    timings.trainMs = double(total.nsecsElapsed()) / 1e6;
    timings.stepsPerSecond = timings.trainMs > 0 ? 1000.0 * config.steps / timings.trainMs : 0;
    return timings;
}

} // namespace ae
