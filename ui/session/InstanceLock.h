#pragma once

#include <QString>

namespace ae {

// A file that says "the instance that wrote this is alive": the instance holds an exclusive
// flock(2) on it for as long as it runs, and the kernel drops the flock when the process
// ends, however it ends (a kill, a crash). A reused PID, a lock file left empty by a process
// killed while writing it, or a helper lock of a check killed half-way (QLockFile's ".rmlock",
// stale for 30 s) cannot make a dead instance look alive. The file also holds the PID and the
// machine's name: a lock written on another machine (a home folder shared over the network,
// whose locks may not reach this one) is never judged, and where the file system takes no
// locks at all the PID decides, as QLockFile's did.
class InstanceLock
{
public:
    explicit InstanceLock(const QString& path); // creates the file and takes the flock
    ~InstanceLock();                            // removes the file; the flock goes with it
    InstanceLock(const InstanceLock&) = delete;
    InstanceLock& operator=(const InstanceLock&) = delete;

    bool isHeld() const { return m_fd >= 0; } // false: the folder cannot be written

    // Whether the process that took the lock at `path` has ended (true when the file is
    // missing). A lock this process holds (another InstanceLock) counts as running on any file
    // system; one taken on another machine counts as running.
    static bool holderIsGone(const QString& path);

private:
    QString m_path;
    int m_fd = -1;
};

} // namespace ae
