#pragma once

#include "Session.h"
#include "SessionIssue.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>

namespace ae {

class Engine;
class ModelViewEngine;
struct ComputeResult;
struct ModelRun;
struct Trace;

// Runs the engine off the GUI thread, on one dedicated thread (so that the engine's OpenMP
// team is always the same one, and no two computations compete for the cores). Every
// request carries a generation number; only the newest request's result is delivered
// ("latest wins"): a request that is already stale when its turn comes is skipped, one
// that became stale while computing is dropped. Delivery is always asynchronous (queued
// to the GUI thread). busyChanged(true) is emitted only when a computation has been
// running for more than BusyDelayMs, so quick recomputes never flash an indicator.
// A computation that throws (std::bad_alloc when the system has less memory than the
// guard assumed, or anything else) is delivered as sessionRefused() with a message, so
// the busy indicator always goes off again.
// Every session is delivered as one run (runReady): the seed module's as a run of one layer
// (seedModuleRun), a checkpoint's as its layered forward (ModelViewEngine: the checkpoint and
// the forward are kept while they stay the same), with the layer the step pages show.
class ComputeService : public QObject
{
    Q_OBJECT
public:
    static constexpr int BusyDelayMs = 150;
    // After this long without a computation, the heap's free memory goes back to the system
    // (main() keeps it while computations follow each other: see there).
    static constexpr int TrimDelayMs = 5000;

    explicit ComputeService(QObject* parent = nullptr);
    ~ComputeService() override;

    using ComputeFunction = std::function<ComputeResult(const Session&)>;
    // Replaces the engine (tests: a computation that throws).
    void setComputeFunction(ComputeFunction compute) { m_compute = std::move(compute); }

    // Starts computing `session`; returns its generation number.
    quint64 request(const Session& session) { return requestLayer(session, 0); }
    // The same; of a model session, block `layer` (from 0) is the layer delivered.
    quint64 requestLayer(const Session& session, int layer);
    // Whether the checkpoint at `path` is loaded already (else a request loads it first).
    bool isModelLoaded(const std::string& path) const;
    quint64 latestGeneration() const { return m_latest->load(); }
    bool isBusy() const { return m_busy; }
    bool isIdle() const { return m_running == 0; }

Q_SIGNALS:
    // The session computed; `layer` (from 0, within the run's layers) is the one asked for, or
    // the last when it asked for one beyond them.
    void runReady(std::shared_ptr<const ae::ModelRun> run, int layer, quint64 generation);
    void sessionRefused(const ae::SessionIssue& issue, quint64 generation);
    void busyChanged(bool busy);
    // Every requested computation has finished (and the newest result was delivered).
    void idle();

private:
    struct Outcome;
    void deliver(quint64 generation, const Outcome& outcome);
    void setBusy(bool busy);

    std::shared_ptr<Engine> m_engine;
    std::shared_ptr<ModelViewEngine> m_modelEngine;
    ComputeFunction m_compute;
    std::shared_ptr<std::atomic<quint64>> m_latest; // shared with the queued computations
    QThreadPool m_pool;
    int m_running = 0;
    bool m_busy = false;
    QTimer m_busyTimer;
    QTimer m_trimTimer;
};

} // namespace ae
