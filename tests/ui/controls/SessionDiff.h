#pragma once

#include "Session.h"
#include "SessionJson.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

// Which session keys differ between two sessions, a session built from JSON text, a session
// in which every control applies and the keys that have a control, for the tests of the
// session editor.
namespace ae::test {

inline bool sameMatrix(const Matrix& a, const Matrix& b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

inline QJsonArray rowsOf(const Matrix& values)
{
    QJsonArray rows;
    for (Eigen::Index i = 0; i < values.rows(); ++i) {
        QJsonArray row;
        for (Eigen::Index j = 0; j < values.cols(); ++j)
            row.append(double(values(i, j)));
        rows.append(row);
    }
    return rows;
}

// A key's value as the session file writes it, except that the manual matrices are
// always given (an empty list when there are none): the file leaves them out with
// embedding "torch", where the editor must still leave them empty.
inline QJsonValue keyValue(const Session& session, const QString& key)
{
    if (key == QStringLiteral("inputs"))
        return rowsOf(session.inputs);
    if (key == QStringLiteral("source_inputs"))
        return rowsOf(session.sourceInputs);
    return sessionToJsonObject(session).value(key);
}

// The keys whose values differ, sorted.
inline QStringList changedKeys(const Session& before, const Session& after)
{
    QStringList keys;
    for (const QString& key : sessionKeys() + todaysSessionKeys())
        if (keyValue(before, key) != keyValue(after, key))
            keys << key;
    keys.sort();
    return keys;
}

inline Session sessionFrom(const QByteArray& json)
{
    const SessionParseResult parsed = sessionFromJson(json);
    if (parsed.issue)
        qFatal("test session does not parse: %s", qPrintable(parsed.issue->message));
    return parsed.session;
}

// Every control applies: cross-attention, several heads, nn.Linear, causal, dropout with a seed.
inline const QByteArray EverythingApplies =
    R"({"source_sentence": "Das Leben ist kurz", "variant": "multihead-wrapper",
    "init": "linear", "num_heads": 2, "causal": true, "dropout": 0.5, "training": true, "dropout_seed": 7,
    "positional": "learned"})";

// The session keys that have a control (every key but the file's metadata).
inline QStringList controlKeys()
{
    QStringList keys = sessionKeys() + todaysSessionKeys();
    for (const char* metadata : {"format", "version", "title", "description"})
        keys.removeAll(QLatin1StringView(metadata));
    return keys;
}

} // namespace ae::test
