#include "ViewJobs.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#include <mutex>
#include <vector>

namespace ae {

namespace {

// The pools below, made on first use (from any thread: a view job may be the first to ask
// for its helpers).
struct Pools
{
    std::mutex mutex;
    std::vector<QThreadPool*> all;
};

Pools& pools()
{
    static Pools pools;
    return pools;
}

// Before the application object is gone: a job still painting (a heatmap's image, in text
// that asks Qt's font cache) after it would crash the process on its way out (seen: a test
// ending while a large view rendered). Jobs not started are dropped, running ones finish.
void finishJobs()
{
    std::vector<QThreadPool*> all;
    {
        const std::lock_guard lock(pools().mutex);
        all = pools().all;
    }
    for (QThreadPool* pool : all) {
        pool->clear();
        pool->waitForDone();
    }
}

QThreadPool* onePerCore()
{
    auto* pool = new QThreadPool; // for the process's lifetime, like Qt's global pool
    pool->setMaxThreadCount(QThread::idealThreadCount());
    const std::lock_guard lock(pools().mutex);
    if (pools().all.empty())
        qAddPostRoutine(finishJobs); // called as the application object is destroyed
    pools().all.push_back(pool);
    return pool;
}

} // namespace

QThreadPool* viewJobs()
{
    static QThreadPool* const pool = onePerCore();
    return pool;
}

void keepPaintHelperThreads()
{
    QThreadPool::globalInstance()->setExpiryTimeout(-1);
}

QThreadPool* analysisJobs()
{
    static QThreadPool* const pool = onePerCore();
    return pool;
}

QThreadPool* viewJobHelpers()
{
    static QThreadPool* const pool = onePerCore();
    return pool;
}

} // namespace ae
