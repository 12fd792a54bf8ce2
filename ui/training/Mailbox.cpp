#include "Mailbox.h"

namespace ae {

void Mailbox::post(std::function<void()> job)
{
    bool wake = false;
    {
        const std::lock_guard lock(m_mutex);
        wake = m_jobs.empty(); // else a wake-up is queued already
        m_jobs.push_back(std::move(job));
    }
    if (wake)
        QMetaObject::invokeMethod(this, "runPosted", Qt::QueuedConnection);
}

void Mailbox::runPosted()
{
    std::vector<std::function<void()>> jobs;
    {
        const std::lock_guard lock(m_mutex);
        jobs.swap(m_jobs);
    }
    // A job that posts again (the next training step) lands behind what is queued now.
    for (const auto& job : jobs)
        job();
}

} // namespace ae
