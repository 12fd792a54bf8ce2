#pragma once

#include <QString>

namespace ae {

// A file that says "the instance that wrote this is alive": the instance holds an exclusive
// flock(2) on it for as long as it runs, and the kernel drops the flock when the process
// ends, however it ends (a kill, a crash). Asking whether the holder is gone is therefore
// exact: a reused PID, a lock file left empty by a process killed while writing it, or a
// helper lock of a check killed half-way (QLockFile's ".rmlock", stale for 30 s) cannot
// make a dead instance look alive. The file holds the PID, for people only.
class InstanceLock
{
public:
    explicit InstanceLock(const QString& path); // creates the file and takes the flock
    ~InstanceLock();                            // removes the file; the flock goes with it
    InstanceLock(const InstanceLock&) = delete;
    InstanceLock& operator=(const InstanceLock&) = delete;

    bool isHeld() const { return m_fd >= 0; } // false: the folder cannot be written

    // Whether no running process holds the lock at `path` (true when the file is missing).
    // A lock this process holds (another InstanceLock) counts as running on any file system.
    static bool holderIsGone(const QString& path);

private:
    QString m_path;
    int m_fd = -1;
};

} // namespace ae
