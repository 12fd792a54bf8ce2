// Arbitrary bytes as a session file (core/SessionJson.h): either an issue with a message,
// or a session that survives exerciseSession (round trip, validation, a bounded compute
// and its dump).
#include "FuzzCheck.h"
#include "SessionChecks.h"
#include "SessionJson.h"

#include <QByteArray>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto parsed =
        ae::sessionFromJson(QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)));
    if (parsed.issue)
        ae::fuzz::checkIssue(*parsed.issue);
    else
        ae::fuzz::exerciseSession(parsed.session);
    return 0;
}
