#pragma once

#include "Session.h"

#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <memory>
#include <vector>

namespace ae {

class InstanceLock;
class SessionDocument;

// Keeps a copy of the session being edited on disk, so that a crash or a kill loses
// nothing: every change is written (atomically, debounced) to
// <AppDataLocation>/autosave/<id>.json while a lock file <id>.lock proves the writer is
// alive (InstanceLock: a flock the kernel drops when the process ends). A clean exit removes
// both. At start-up, every autosave whose lock nobody holds belongs to an instance that
// died: each is offered back (none is deleted unseen).
// The record keeps the session's file as an absolute path, and is rewritten when the
// session is saved or its file changes, so a saved session is never offered as unsaved.
// Edits reach the disk DelayMs after the last change, or at once when the application
// loses the focus; only the edits of the last DelayMs before a kill can be lost while
// the window has the focus. The debounced write runs on a thread of its own (a disk that
// syncs can take tens of milliseconds, which the GUI thread would wait for); the others, and
// saveNow(), wait for it and write at once. A folder that cannot be written is reported once
// (warning()), not silently ignored.
class SessionAutosave : public QObject
{
    Q_OBJECT
public:
    static constexpr int DelayMs = 500;

    struct Recovery
    {
        QString autosavePath; // remove with discard() once restored or declined
        Session session;
        QString filePath; // the file it was opened from ("" if untitled)
        bool modified = false;
    };

    explicit SessionAutosave(SessionDocument* document, QObject* parent = nullptr);
    ~SessionAutosave() override; // a clean exit: the autosave goes

    static QString directory();
    // Autosaves of instances that are no longer running, newest first.
    static std::vector<Recovery> pendingRecoveries();
    static void discard(const QString& autosavePath);

    // Writes now (tests, and before anything risky); returns an error message or "".
    QString saveNow();

Q_SIGNALS:
    // The autosave cannot be written (emitted once until a write succeeds again).
    void warning(const QString& message);

private:
    QByteArray record() const;
    void writeInBackground();
    void report(const QString& error);

    SessionDocument* m_document;
    QString m_path;
    std::unique_ptr<InstanceLock> m_lock;
    QTimer m_timer;
    QThreadPool m_writes; // one thread: the writes land in the order they were made
    bool m_warned = false;
};

} // namespace ae
