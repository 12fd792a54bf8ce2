#pragma once

#include "ThreadClock.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QObject>
#include <QPointer>
#include <QString>

#include <string>

namespace ae {

// Which event the GUI thread spent longest on while a watch lives: an application-wide event
// filter sees every event of the GUI thread as its handling starts; the time until the next
// one starts, or until the loop goes back to wait, is the handling of the one before (a
// handler that sends events synchronously is split at them).
class EventWatch : public QObject
{
public:
    EventWatch();
    ~EventWatch() override;
    EventWatch(const EventWatch&) = delete;
    EventWatch& operator=(const EventWatch&) = delete;

    // The longest event's wall time so far, in ms.
    double longestMs();
    // "Receiver(name in ancestors) EventType: N ms (C ms on the CPU, Q queued for it, W waits,
    // P preemptions)".
    std::string longest();

protected:
    bool eventFilter(QObject* receiver, QEvent* event) override;

private:
    QString currentEvent() const;
    void close();

    QElapsedTimer m_since, m_clockRead;
    QPointer<QObject> m_receiver;
    const char* m_receiverClass = "";
    QEvent::Type m_type = QEvent::None;
    QString m_longest;
    double m_longestMs = 0;
    ThreadClock m_longestClock, m_clockSince;
};

} // namespace ae
