#include "SessionChecks.h"

#include "Engine.h"
#include "FuzzCheck.h"
#include "ModelRun.h"
#include "RunJson.h"
#include "Session.h"
#include "SessionJson.h"
#include "SessionValidator.h"
#include "Trace.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace ae::fuzz {

namespace {

// Bounds the work per input, so that no input times out and the fuzzers keep up hundreds of
// inputs a second: at most 1 MB of tensors, and few embedding draws. The stream skips
// vocab_size x d_in draws, each one instrumented: 150000 (the article's table) take ~5 ms,
// the gpt2-small sample's 38 million seconds.
constexpr double MaxFuzzTraceBytes = 1024.0 * 1024;
constexpr double MaxFuzzEmbeddingDraws = 1.0e5;

bool smallEnoughToCompute(const Session& s)
{
    const auto queryTokens = static_cast<std::int64_t>(tokenize(s.sentence, s.tokenizer).size());
    const auto keyTokens =
        s.isCross() ? static_cast<std::int64_t>(tokenize(s.sourceSentence, s.tokenizer).size())
                    : queryTokens;
    if (estimateTraceBytes(s, queryTokens, keyTokens) > MaxFuzzTraceBytes)
        return false;
    return s.embedding != EmbeddingSource::Torch ||
           double(s.vocabSize) * s.dIn <= MaxFuzzEmbeddingDraws;
}

void checkRoundTrip(const Session& session)
{
    const QJsonObject written = sessionToJsonObject(session);
    const SessionParseResult reread = sessionFromJson(sessionToJson(session));
    check(!reread.issue, "a written session reads back",
          reread.issue ? reread.issue->message.toStdString() : std::string());
    check(sessionToJsonObject(reread.session) == written,
          "a session read back writes the same JSON",
          QJsonDocument(written).toJson(QJsonDocument::Compact).toStdString());
}

} // namespace

void checkIssue(const SessionIssue& issue)
{
    check(!issue.message.trimmed().isEmpty(), "an issue has a message", issue.key);
}

void exerciseSession(const Session& session)
{
    checkRoundTrip(session);
    if (const auto issue = validateSession(session)) {
        checkIssue(*issue);
        const QString key = QString::fromStdString(issue->key);
        check(key.isEmpty() || sessionKeys().contains(key) || todaysSessionKeys().contains(key),
              "an issue names a session key (or none)", issue->key);
        return;
    }
    // A model session names a checkpoint file: the fuzzers never open files (the header
    // parser has its own target, fuzz_safetensors), and the window's engine refuses it.
    if (!session.model.empty())
        return;
    if (!smallEnoughToCompute(session))
        return;
    const ComputeResult result = Engine().compute(session);
    check(result.trace && !result.issue, "a valid session computes");
    const std::string dump = runToJson(*seedModuleRun(result.trace));
    QJsonParseError error;
    QJsonDocument::fromJson(QByteArray::fromStdString(dump), &error);
    check(error.error == QJsonParseError::NoError, "the dump is valid JSON",
          error.errorString().toStdString());
}

} // namespace ae::fuzz
