#include "ViewJobs.h"

#include <QThread>
#include <QThreadPool>

namespace ae {

namespace {

QThreadPool* onePerCore()
{
    auto* pool = new QThreadPool; // for the process's lifetime, like Qt's global pool
    pool->setMaxThreadCount(QThread::idealThreadCount());
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
