#include "ComputeService.h"

#include "Engine.h"
#include "MessageText.h"
#include "Trace.h"

#include <QtConcurrent>

#include <exception>
#include <new>

namespace ae {

ComputeService::ComputeService(QObject* parent)
    : QObject(parent), m_engine(std::make_shared<Engine>()),
      m_latest(std::make_shared<std::atomic<quint64>>(0))
{
    m_compute = [engine = m_engine](const Session& session) { return engine->compute(session); };
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
    QtConcurrent::run(&m_pool, [compute = m_compute, latest = m_latest, generation, session] {
        if (generation != latest->load())
            return ComputeResult{}; // superseded before it started
        try {
            return compute(session);
        } catch (const std::bad_alloc&) {
            return ComputeResult{nullptr,
                                 SessionIssue{"sentence", tr("not enough memory for this session: "
                                                             "shorten the sentence or reduce "
                                                             "num_heads or the dimensions")}};
        } catch (const std::exception& error) {
            return ComputeResult{
                nullptr,
                SessionIssue{{},
                             tr("the computation failed: %1")
                                 .arg(escapedForMessage(QString::fromLocal8Bit(error.what())))}};
        }
    }).then(this, [this, generation](const ComputeResult& result) {
        // then() runs at once, inside request(), when the computation has already
        // finished; posting makes delivery always asynchronous, never from within the
        // caller's edit.
        QMetaObject::invokeMethod(
            this, [this, generation, result] { deliver(generation, result); },
            Qt::QueuedConnection);
    });
    return generation;
}

void ComputeService::deliver(quint64 generation, const ComputeResult& result)
{
    --m_running;
    if (generation ==
        m_latest->load()) { // else a newer request is on its way: this result is stale
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
