#pragma once

#include <exception>

namespace ae::interruption {

// SIGINT, SIGTERM and SIGHUP during a command-line run (--dump-json, --export, --export-deck,
// --benchmark): the run stops, leaves no file of its own behind and exits with 128 + the
// signal's number (130, 143, 129), after the message "stopped by SIGTERM ...".
// - While this run has nothing on disk (no FilesOnDisk alive: computing, rendering in memory,
//   writing to the standard output or a device), the handler itself ends the process at once
//   (write(2) of the message prepared by install(), then _exit()).
// - While it has (a temporary file, a staging folder), the handler only notes the signal:
//   the writers call checkpoint() between files and between the chunks of a stream, which
//   throws Stopped; unwinding removes what was written (~OutputFile, ~OutputFolder) and main()
//   prints the message and exits with exitCode().
// A signal that comes once the output is complete (during a commit's renames, which never
// stop half-way) changes nothing: the run ends as it would have.

// Installs the three handlers; call once the translator is installed (the message is
// prepared here, in the chosen language).
void install();

// The signal that asked to stop, or 0.
int requested();
// 128 + requested().
int exitCode();
// "stopped by SIGTERM; this run left no file behind" for requested().
const char* message();

struct Stopped : std::exception
{
    const char* what() const noexcept override { return "stopped by a signal"; }
};

// Throws Stopped when a signal asked to stop.
void checkpoint();

// Marks that this run has a file on disk which a signal must not leave behind: while one is
// alive a signal is noted for checkpoint() instead of ending the process. Create it before the
// file exists and destroy it after the file is removed or in its place.
class FilesOnDisk
{
public:
    FilesOnDisk();
    ~FilesOnDisk();
    FilesOnDisk(const FilesOnDisk&) = delete;
    FilesOnDisk& operator=(const FilesOnDisk&) = delete;
};

} // namespace ae::interruption
