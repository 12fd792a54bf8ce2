#include "HeadlessRunner.h"

#include "CommandLine.h"
#include "Engine.h"
#include "ModelRunner.h"
#include "SessionFile.h"
#include "Trace.h"
#include "TraceJson.h"

#include <QByteArray>
#include <QCoreApplication>

#include <cstdio>

namespace ae {

namespace {

void printError(const QString& message)
{
    std::fprintf(stderr, "attention-explorer: %s\n", message.toLocal8Bit().constData());
}

} // namespace

int runDumpJson(const CommandLineRequest& request)
{
    const SessionLoadResult loaded = SessionFile::load(request.sessionPath, request.overrides);
    if (loaded.issue) {
        printError(loaded.issue->message);
        return loaded.ioError ? ExitUsageOrIo : ExitInvalidSession;
    }
    if (loaded.session.hasModel())
        return runModelDumpJson(request, loaded.session);
    const Engine engine;
    const ComputeResult result = engine.compute(loaded.session);
    if (result.issue) {
        printError(result.issue->message);
        return ExitInvalidSession;
    }
    const std::string json = traceToJson(*result.trace);
    if (request.dumpPath == QLatin1StringView("-")) {
        std::fwrite(json.data(), 1, json.size(), stdout);
        std::fputc('\n', stdout);
        return std::fflush(stdout) == 0 ? ExitOk : ExitUsageOrIo;
    }
    const QString error = SessionFile::writeAtomically(
        request.dumpPath, QByteArray::fromRawData(json.data(), static_cast<qsizetype>(json.size())));
    if (!error.isEmpty()) {
        printError(error);
        return ExitUsageOrIo;
    }
    return ExitOk;
}

} // namespace ae
