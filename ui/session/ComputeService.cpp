#include "ComputeService.h"

#include "Engine.h"
#include "Trace.h"

#include <QtConcurrent>

namespace ae {

ComputeService::ComputeService(QObject* parent)
    : QObject(parent)
    , m_engine(std::make_shared<Engine>())
    , m_latest(std::make_shared<std::atomic<quint64>>(0))
{
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // the same thread, and so the same OpenMP team, every time
    qRegisterMetaType<std::shared_ptr<const ae::Trace>>();
    qRegisterMetaType<ae::SessionIssue>();
    m_busyTimer.setSingleShot(true);
    m_busyTimer.setInterval(BusyDelayMs);
    connect(&m_busyTimer, &QTimer::timeout, this, [this] { setBusy(m_running > 0); });
}

ComputeService::~ComputeService()
{
    m_pool.clear(); // requests not started; ~QThreadPool waits for the running one
}

quint64 ComputeService::request(const Session& session)
{
    const quint64 generation = ++*m_latest;
    ++m_running;
    if (!m_busyTimer.isActive() && !m_busy)
        m_busyTimer.start();
    // The engine is shared with the worker by value (shared_ptr), so a result that
    // arrives after this service is gone finds nothing to call: the QPointer-like
    // context `this` of then() drops it.
    QtConcurrent::run(&m_pool,
                      [engine = m_engine, latest = m_latest, generation, session] {
                          if (generation != latest->load())
                              return ComputeResult{}; // superseded before it started
                          return engine->compute(session);
                      })
        .then(this, [this, generation](const ComputeResult& result) {
            // then() runs at once, inside request(), when the computation has already
            // finished; posting makes delivery always asynchronous, never from within the
            // caller's edit.
            QMetaObject::invokeMethod(this, [this, generation, result] { deliver(generation, result); },
                                      Qt::QueuedConnection);
        });
    return generation;
}

void ComputeService::deliver(quint64 generation, const ComputeResult& result)
{
    --m_running;
    if (generation == m_latest->load()) { // else a newer request is on its way: this result is stale
        if (result.trace)
            Q_EMIT traceReady(result.trace, generation);
        else if (result.issue)
            Q_EMIT sessionRefused(*result.issue, generation);
    }
    if (m_running == 0) {
        m_busyTimer.stop();
        setBusy(false);
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
