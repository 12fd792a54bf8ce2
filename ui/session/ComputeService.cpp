#include "ComputeService.h"

#include "AttentionThumbnails.h"
#include "Engine.h"
#include "GuiFirst.h"
#include "MessageText.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelViewEngine.h"
#include "Trace.h"
#include "ViewExtent.h"
#include "ViewJobs.h"

#include <exception>
#include <malloc.h>
#include <new>

namespace ae {

// What one computation delivers: the run (or the issue) and the layer shown.
struct ComputeService::Outcome
{
    std::shared_ptr<const ModelRun> run;
    std::optional<SessionIssue> issue;
    int layer = 0;
};

ComputeService::ComputeService(QObject* parent)
    : QObject(parent), m_engine(std::make_shared<Engine>()),
      m_modelEngine(std::make_shared<ModelViewEngine>(thumbnailWeightsReduction)),
      m_latest(std::make_shared<std::atomic<quint64>>(0))
{
    m_compute = [engine = m_engine](const Session& session) {
        return engine->compute(session, viewWeightsReduction);
    };
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // the same thread, and so the same OpenMP team, every time
    qRegisterMetaType<std::shared_ptr<const ae::Trace>>();
    qRegisterMetaType<std::shared_ptr<const ae::ModelRun>>();
    qRegisterMetaType<ae::SessionIssue>();
    m_busyTimer.setObjectName(QStringLiteral("busy_timer"));
    m_busyTimer.setSingleShot(true);
    m_busyTimer.setInterval(BusyDelayMs);
    connect(&m_busyTimer, &QTimer::timeout, this, [this] { setBusy(m_running > 0); });
    m_trimTimer.setParent(this); // found by name (a member: destroyed before its parent)
    m_trimTimer.setObjectName(QStringLiteral("trim_timer"));
    m_trimTimer.setSingleShot(true);
    m_trimTimer.setInterval(TrimDelayMs);
    // On the compute thread: malloc_trim walks the heap, which must not hold the GUI thread.
    connect(&m_trimTimer, &QTimer::timeout, this, [this] {
        if (BackgroundWork::any())
            m_trimTimer.start(); // not idle yet
        else
            m_pool.start([] { malloc_trim(0); });
    });
}

ComputeService::~ComputeService()
{
    m_pool.clear(); // requests not started; ~QThreadPool waits for the running one
}

bool ComputeService::isModelLoaded(const std::string& path) const
{
    return m_modelEngine->isLoaded(path);
}

quint64 ComputeService::requestLayer(const Session& session, int layer)
{
    const quint64 generation = ++*m_latest;
    ++m_running;
    m_trimTimer.stop();
    if (!m_busyTimer.isActive() && !m_busy)
        m_busyTimer.start();
    // The engines are shared with the worker by value (shared_ptr); delivery is always
    // posted, never from within the caller's edit.
    runThenDeliver(
        &m_pool, this,
        [compute = m_compute, models = m_modelEngine, latest = m_latest, generation, session,
         layer]() -> Outcome {
            if (generation != latest->load())
                return {};     // superseded before it started
            runBehindTheGui(); // and its OpenMP team, which it starts after this
            try {
                if (modelSource(session) == ModelSource::SeedModule) {
                    ComputeResult result = compute(session);
                    if (!result.trace)
                        return {nullptr, std::move(result.issue), 0};
                    return {seedModuleRun(std::move(result.trace)), std::nullopt, 0};
                }
                ModelViewResult model = models->compute(session, layer);
                return {std::move(model.run), std::move(model.issue), model.layer};
            } catch (const std::bad_alloc&) {
                return {nullptr,
                        SessionIssue{"sentence", tr("not enough memory for this session: "
                                                    "shorten the sentence or reduce "
                                                    "num_heads or the dimensions")},
                        0};
            } catch (const std::exception& error) {
                return {
                    nullptr,
                    SessionIssue{{},
                                 tr("the computation failed: %1")
                                     .arg(escapedForMessage(QString::fromLocal8Bit(error.what())))},
                    0};
            }
        },
        [this, generation](const Outcome& outcome) { deliver(generation, outcome); });
    return generation;
}

void ComputeService::deliver(quint64 generation, const Outcome& outcome)
{
    --m_running;
    if (generation ==
        m_latest->load()) { // else a newer request is on its way: this result is stale
        if (outcome.run)
            Q_EMIT runReady(outcome.run, outcome.layer, generation);
        else if (outcome.issue)
            Q_EMIT sessionRefused(*outcome.issue, generation);
    }
    if (m_running == 0) {
        m_busyTimer.stop();
        setBusy(false);
        m_trimTimer.start();
        Q_EMIT idle();
    }
}

void ComputeService::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace ae
