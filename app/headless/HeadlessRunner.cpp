#include "HeadlessRunner.h"

#include "CommandLine.h"
#include "Engine.h"
#include "ModelRegistry.h"
#include "ModelRunner.h"
#include "OutputFile.h"
#include "SessionFile.h"
#include "Trace.h"
#include "TraceJson.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>

#include <cstdio>
#include <functional>

namespace ae {

int runDumpJson(const CommandLineRequest& request)
{
    const SessionLoadResult loaded =
        SessionFile::load(request.sessionPath, request.overrides, request.sessionNative);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    if (modelSource(loaded.session) == ModelSource::Checkpoint)
        return runModelDumpJson(request, loaded.session);
    const Engine engine;
    const ComputeResult result = engine.compute(loaded.session);
    if (result.issue) {
        printError(result.issue->message);
        return ExitInvalidSession;
    }
    return writeDump(request,
                     [&](QIODevice& device) { return writeTraceJson(*result.trace, device); });
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
