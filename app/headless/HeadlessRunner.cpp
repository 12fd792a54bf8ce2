#include "HeadlessRunner.h"

#include "CommandLine.h"
#include "HeadsRunner.h"
#include "ModelRun.h"
#include "OutputFile.h"
#include "RunCompute.h"
#include "RunJson.h"
#include "TrainingRunner.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>

#include <cstdio>
#include <functional>
#include <optional>

namespace ae {

int runDumpJson(const CommandLineRequest& request)
{
    if (!request.trainSession.isEmpty())
        return runTrainingDump(request);
    if (request.heads.analysis != HeadsRequest::Analysis::None)
        return runHeadsDump(request);
    int exitCode = ExitOk;
    const std::optional<LoadedRun> loaded = loadAndComputeRun(request, exitCode);
    if (!loaded)
        return exitCode;
    // One writer for every run (RunJson.h), streamed head by head.
    return writeDump(
        request, [&](QIODevice& device) { return writeRunJson(*loaded->computed.run, device); });
}

int writeDump(const CommandLineRequest& request, const std::function<bool(QIODevice&)>& write)
{
    // Streamed: the JSON goes out in chunks as it is written, never whole in memory.
    if (request.dumpPath == QLatin1StringView("-")) {
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly | QIODevice::Unbuffered) || !write(out) ||
            out.write("\n", 1) != 1) {
            printError(QCoreApplication::translate("HeadlessRunner",
                                                   "cannot write to the standard output: %1")
                           .arg(out.errorString()));
            return ExitUsageOrIo;
        }
        return ExitOk;
    }
    OutputFile file;
    QString error = file.open(request.dumpPath, request.dumpNative);
    if (error.isEmpty())
        error = write(*file.device()) ? file.commit() : file.writeError();
    if (!error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    return ExitOk;
}

} // namespace ae
