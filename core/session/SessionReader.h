#pragma once

// The reading half of SessionJson.cpp: a JSON object's keys read one by one, each problem an
// issue naming its key (Reader), and every problem of a file collected (Problems). Internal to
// ae_session.

#include "Matrix.h"
#include "MessageText.h"
#include "SessionEnums.h"
#include "SessionIssue.h"
#include "Spelling.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ae::sessionjson {

// The context of the session reader's messages (and SessionJson.cpp's): lupdate files a free tr()
// under the enclosing namespace, where the translations would never be looked up.
struct SessionJson
{
    Q_DECLARE_TR_FUNCTIONS(SessionJson)
};

// Thrown inside the parser only, caught in sessionFromJsonObject.
struct ParseFailure
{
    SessionIssue issue;
};

[[noreturn]] void fail(const QString& key, const QString& message);

// "a number", "the text \"nan\"": what a value is, for a message.
QString typeName(const QJsonValue& v);

// One key at a time, of the type and range asked, or ParseFailure naming the key.
class Reader
{
public:
    explicit Reader(const QJsonObject& object) : m_object(object) {}

    bool has(const char* key) const { return m_object.contains(QLatin1StringView(key)); }
    QJsonValue at(const char* key) const { return m_object.value(QLatin1StringView(key)); }

    // Text of at most limits::MaxTextChars characters, no lone surrogate.
    std::string string(const char* key) const;
    bool boolean(const char* key) const;
    std::int64_t integer(const char* key, std::int64_t low, std::int64_t high) const;
    double number(const char* key) const;
    // One of the enum's keys (SessionEnums.h), a misspelt one refused with the likeliest.
    template <typename Enum> Enum choice(const char* key) const;
    // A non-empty list of rows of equal length, every number within float32's range.
    Matrix rows(const char* key) const;

private:
    QJsonObject m_object;
};

template <typename Enum> Enum Reader::choice(const char* key) const
{
    const QString name = QLatin1StringView(key);
    QStringList allowed;
    for (const auto k : enumKeys<Enum>())
        allowed << u'"' + QString::fromLatin1(k.data(), qsizetype(k.size())) + u'"';
    const QJsonValue v = at(key);
    const auto parsed = v.isString() ? enumFromKey<Enum>(v.toString().toStdString()) : std::nullopt;
    if (!parsed) {
        QStringList keys;
        for (const auto k : enumKeys<Enum>())
            keys << QString::fromLatin1(k.data(), qsizetype(k.size()));
        const std::optional<QString> meant =
            v.isString() ? closestMatch(v.toString(), keys) : std::nullopt;
        fail(name, SessionJson::tr("%1 must be one of %2, not %3")
                           .arg(name, allowed.join(QStringLiteral(", ")),
                                v.isString() ? quotedForMessage(v.toString()) : typeName(v)) +
                       (meant ? SessionJson::tr("; did you mean %1?").arg(quotedForMessage(*meant))
                              : QString()));
    }
    return *parsed;
}

// Every problem of a session, not only the first: each key is read on its own, and a key
// that cannot be read adds its message and leaves the default in place.
class Problems
{
public:
    template <typename Read> void read(Read&& readKey)
    {
        try {
            readKey();
        } catch (const ParseFailure& failure) {
            m_issues.push_back(failure.issue);
        }
    }
    bool empty() const { return m_issues.empty(); }
    // The first key's, for the window to mark its control; every message, one per line.
    SessionIssue issue() const
    {
        SessionIssue first = m_issues.front();
        for (std::size_t i = 1; i < m_issues.size(); ++i)
            first.message += u'\n' + m_issues[i].message;
        return first;
    }

private:
    std::vector<SessionIssue> m_issues;
};

} // namespace ae::sessionjson
