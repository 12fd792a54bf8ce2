#pragma once

#include <QObject>

#include <functional>
#include <mutex>
#include <vector>

namespace ae {

// Runs functions, in the order posted, on the thread this object lives in. post() may be
// called from any thread: the functions wait in a queue under a std::mutex, and one queued
// call by name (built inside Qt) wakes the receiving thread to run them. Every payload thus
// crosses threads under a lock the thread sanitizer sees; a functor handed to
// QMetaObject::invokeMethod crosses inside uninstrumented Qt, which it cannot.
class Mailbox : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    void post(std::function<void()> job);

private:
    Q_INVOKABLE void runPosted();

    std::mutex m_mutex;
    std::vector<std::function<void()>> m_jobs;
};

} // namespace ae
