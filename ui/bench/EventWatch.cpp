#include "EventWatch.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QMetaEnum>
#include <QThread>

namespace ae {

namespace {

// The thread's clock takes three system calls, which a layout's thousands of events would pay
// in the turns measured: it is read at most this often, so an event's split may start up to
// that long before it (a long event's is what is read).
constexpr qint64 MinClockReadNs = 200'000;

} // namespace

EventWatch::EventWatch()
{
    QCoreApplication::instance()->installEventFilter(this);
    connect(QAbstractEventDispatcher::instance(), &QAbstractEventDispatcher::aboutToBlock, this,
            [this] { close(); });
}

EventWatch::~EventWatch()
{
    QCoreApplication::instance()->removeEventFilter(this);
}

double EventWatch::longestMs()
{
    close();
    return m_longestMs;
}

std::string EventWatch::longest()
{
    close();
    return QStringLiteral("%1: %2 ms (%3 ms on the CPU, %4 queued for it, %5 waits, %6 "
                          "preemptions)")
        .arg(m_longest)
        .arg(m_longestMs, 0, 'f', 1)
        .arg(m_longestClock.cpuMs, 0, 'f', 1)
        .arg(m_longestClock.queuedMs, 0, 'f', 1)
        .arg(m_longestClock.waits)
        .arg(m_longestClock.preemptions)
        .toStdString();
}

bool EventWatch::eventFilter(QObject* receiver, QEvent* event)
{
    if (QThread::currentThread() != thread())
        return false;
    close();
    // Described only once it is the longest (close()): every event of the GUI thread passes
    // here, and the measured turns should not pay for names nobody reads.
    m_receiver = receiver;
    m_receiverClass = receiver->metaObject()->className();
    m_type = event->type();
    m_since.start();
    if (!m_clockRead.isValid() || m_clockRead.nsecsElapsed() > MinClockReadNs) {
        m_clockSince = ThreadClock::now();
        m_clockRead.start();
    }
    return false;
}

// "Class(name in three ancestors' classes) EventType": a nameless QTimer is told by its
// parent, a scroll area's viewport by its scroll area. A receiver gone since: its class.
QString EventWatch::currentEvent() const
{
    QString name;
    if (m_receiver) {
        name = m_receiver->objectName();
        const QObject* parent = m_receiver->parent();
        for (int level = 0; parent && level < 3; ++level, parent = parent->parent())
            name += (level == 0 ? QStringLiteral(" in ") : QStringLiteral(" < ")) +
                    QString::fromLatin1(parent->metaObject()->className());
    }
    return QStringLiteral("%1(%2) %3")
        .arg(QString::fromLatin1(m_receiverClass), name,
             QString::fromLatin1(QMetaEnum::fromType<QEvent::Type>().valueToKey(int(m_type))));
}

void EventWatch::close()
{
    if (!m_since.isValid())
        return;
    const double ms = double(m_since.nsecsElapsed()) / 1e6;
    if (ms > m_longestMs) {
        m_longestMs = ms;
        m_longestClock = ThreadClock::now().since(m_clockSince);
        m_longest = currentEvent();
    }
    m_since.invalidate();
}

} // namespace ae
