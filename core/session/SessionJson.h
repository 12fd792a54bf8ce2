#pragma once

#include "Session.h"
#include "SessionIssue.h"

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace ae {

struct SessionParseResult
{
    Session session;
    std::optional<SessionIssue> issue; // set when the JSON is not a session
};

// Session files (spec §1): a JSON object, every key optional with the article's
// defaults, an unknown key or a value of the wrong type or range refused with a message
// naming the key; every problem of a file is reported, one per line, a misspelt key or value
// with the one it most likely meant ("did you mean \"causal\"?"). Besides the spec's keys the app
// knows "format", "version", "title", "description", "tokenizer", "cpu_capability", "positional"
// and "context_length".
SessionParseResult sessionFromJson(const QByteArray& json);
SessionParseResult sessionFromJsonObject(const QJsonObject& object);
// Where byte `offset` of a JSON text is, as an editor shows it: "line 3, column 12 (byte 53)".
QString jsonPosition(const QByteArray& json, qsizetype offset);
// A raw control character (below U+0020, except tab, line feed, carriage return) that
// strict JSON forbids but QJsonDocument would accept: refused before parsing.
std::optional<SessionIssue> rawControlCharacterIssue(const QByteArray& json);

// Every key, with "format" and "version" first; manual matrices only when manual; the keys of
// todaysSessionKeys() only when they differ from their defaults.
QJsonObject sessionToJsonObject(const Session& session);
QByteArray sessionToJson(const Session& session);

// The keys a session may have, in the order of spec §1 then the app's own.
QStringList sessionKeys();
// The keys of todays-attention.md (rope, rope_style, rope_theta, num_kv_heads, window, kernel,
// block_q, block_k): read, validated, computed, dumped, flags of the command line and controls
// of the session panel; apart from sessionKeys() because a file holds them only when they
// differ from their defaults (a session without them is written as before).
QStringList todaysSessionKeys();
// The keys of a GPT-2 model session (spec gpt2.md §2) besides sessionKeys(): "model", and
// "truncate" (keep the first n_ctx tokens of a longer sentence).
// Kept apart because the window has no control for them yet.
QStringList modelSessionKeys();

inline constexpr char SessionFormatTag[] = "attention-explorer-session";
inline constexpr int SessionFormatVersion = 1;

} // namespace ae
