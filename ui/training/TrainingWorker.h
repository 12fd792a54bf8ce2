#pragma once

#include "GuiFirst.h"
#include "Mailbox.h"
#include "TrainingConfig.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ae {

class Trainer;
class TransformerModel;
struct ProbeSnapshot;

// Text the model wrote at an evaluation point (text tasks): greedy, after a prompt cut from the
// probe (the first validation window), as the book's chapter 5 prints samples while training.
struct TrainingSample
{
    int step = 0;
    std::string prompt, continuation; // UTF-8
};

// What the lab learns from the worker since its last report.
struct TrainingProgress
{
    int generation = 0; // of the reset() it follows: a report of an earlier one is stale
    int stepsDone = 0;
    std::vector<float> losses;                  // the steps since the last report, in order
    std::vector<std::pair<int, float>> valLoss; // (step, validation loss) at evaluation points
    std::vector<std::shared_ptr<const ProbeSnapshot>> probes; // at evaluation points
    std::vector<TrainingSample> samples;                      // text tasks, at evaluation points
    double stepsPerSecond = 0;                                // over the last few seconds
    // After a reset: the chars tokenizer's vocabulary (id -> character; empty for the others)
    // and the session's steps.
    std::optional<std::vector<std::string>> vocabulary;
};

// A Trainer on a thread of its own, driven from the GUI thread: every call here returns at
// once and the work is queued to that thread. Running, it takes one step per queued event,
// so a pause, a save or a reset waits for one step at most; progress is reported at most
// every 50 ms (and at every evaluation point, pause and end), so the GUI thread never has
// more than a curve's worth of points to draw.
class TrainingWorker : public QObject
{
    Q_OBJECT
public:
    explicit TrainingWorker(QObject* parent = nullptr);
    ~TrainingWorker() override; // stops after the current step and joins the thread

    // A new trainer for `config` (validated), from fresh weights or resuming from `weights`.
    // Returns its generation (TrainingProgress::generation).
    int reset(const TrainingConfig& config,
              std::shared_ptr<const TransformerModel> weights = nullptr);
    void start();    // runs until train.steps, or pause()
    void pause();    // after the current step
    void stepOnce(); // one step (while paused)
    // The current weights as a model: modelReady(model, tag) answers.
    void requestModel(int tag);
    // Writes the book's checkpoint into `dir`: saved(dir, error) answers.
    void save(const QString& dir);

    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progressed(const ae::TrainingProgress& progress);
    void runningChanged(bool running);
    void modelReady(std::shared_ptr<const ae::TransformerModel> model, int tag);
    void saved(const QString& dir, const QString& error);
    void failed(const QString& message); // a step threw (memory)

private:
    // On the worker thread:
    void runStep();
    void takeStep();
    void evaluate(); // at an evaluation point: validation loss, probe, sample
    void report();
    void setRunning(bool running);
    void toGui(std::function<void()> emitter); // emits on the GUI thread, through m_outbox

    QThread m_thread;
    // Every call crosses threads through a mailbox (see Mailbox.h): m_inbox lives on m_thread
    // and runs the work, m_outbox lives on the GUI thread and emits the signals.
    Mailbox* m_inbox;
    Mailbox* m_outbox;
    std::unique_ptr<Trainer> m_trainer;
    std::atomic<bool> m_running{false};
    std::optional<BackgroundWork> m_working; // while running; the worker thread's own
    std::atomic<int> m_generation{0};        // a reset drops the steps queued before it
    int m_trainerGeneration = 0;             // of m_trainer (worker thread)
    TrainingProgress m_pending;
    qint64 m_lastReportMs = 0;
    std::vector<std::pair<qint64, int>> m_rate; // (time, steps done) of recent reports
};

} // namespace ae

Q_DECLARE_METATYPE(ae::TrainingProgress)
