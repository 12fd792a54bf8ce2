// Arbitrary bytes as a command line (app/CommandLine.h): one argument per line (or per
// NUL byte), after the program's name. A usage error, --help and --version must come with
// text; any other request's flags are applied to the default session as
// SessionFile::load does for `--session FILE` and then go through exerciseSession.
// Nothing here opens a file: the fuzzed --session, --dump-json and --export paths are
// parsed but never used, and no runner (which would write files) is called.
#include "CommandLine.h"
#include "FuzzCheck.h"
#include "SessionChecks.h"
#include "SessionFile.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdint>

using ae::CommandLineRequest;

namespace {

QStringList argumentsOf(const char* data, std::size_t size)
{
    QStringList arguments{QStringLiteral("attention-explorer")};
    std::size_t start = 0;
    for (std::size_t i = 0; i <= size; ++i) {
        if (i == size || data[i] == '\n' || data[i] == '\0') {
            arguments << QString::fromUtf8(data + start, qsizetype(i - start));
            start = i + 1;
        }
    }
    return arguments;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // As main() does before parsing: --version prints the name and version set here.
    static const bool identified = [] {
        QCoreApplication::setApplicationName(QStringLiteral("attention-explorer"));
        QCoreApplication::setApplicationVersion(QStringLiteral("0.0.0-fuzz"));
        return true;
    }();
    (void)identified;
    const CommandLineRequest request =
        ae::parseCommandLine(argumentsOf(reinterpret_cast<const char*>(data), size));
    switch (request.mode) {
    case CommandLineRequest::Mode::Error:
    case CommandLineRequest::Mode::Help:
    case CommandLineRequest::Mode::Version:
        ae::fuzz::check(!request.text.trimmed().isEmpty(),
                        "usage errors, help and version come with text");
        return 0;
    case CommandLineRequest::Mode::Gui:
    case CommandLineRequest::Mode::DumpJson:
    case CommandLineRequest::Mode::Export:
    case CommandLineRequest::Mode::ExportDeck:
    case CommandLineRequest::Mode::Benchmark:
        break;
    }
    ae::fuzz::check(ae::isHeadless(request) == (request.mode != CommandLineRequest::Mode::Gui),
                    "only the desktop app needs a display");
    // An empty path: the defaults, with the flags on top; the fuzzed --session path is never
    // opened.
    const ae::SessionLoadResult loaded = ae::SessionFile::load(QString(), request.overrides);
    ae::fuzz::check(!loaded.ioError, "no file, no I/O error");
    if (loaded.issue)
        ae::fuzz::checkIssue(*loaded.issue);
    else
        ae::fuzz::exerciseSession(loaded.session);
    return 0;
}
