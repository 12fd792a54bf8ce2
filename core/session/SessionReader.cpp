#include "SessionReader.h"

#include "Limits.h"

#include <QJsonArray>

#include <cmath>
#include <limits>

namespace ae::sessionjson {

[[noreturn]] void fail(const QString& key, const QString& message)
{
    throw ParseFailure{{key.toStdString(), message}};
}

QString typeName(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return SessionJson::tr("a boolean");
    case QJsonValue::Double:
        return SessionJson::tr("a number");
    case QJsonValue::String: // the text itself: a flag's "nan" or "1e999" is not a number
        return SessionJson::tr("the text %1").arg(quotedForMessage(v.toString(), 40));
    case QJsonValue::Array:
        return SessionJson::tr("a list");
    case QJsonValue::Object:
        return SessionJson::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("undefined");
}

std::string Reader::string(const char* key) const
{
    const QJsonValue v = at(key);
    if (!v.isString())
        fail(QLatin1StringView(key), SessionJson::tr("%1 must be a string, not %2")
                                         .arg(QLatin1StringView(key), typeName(v)));
    const QString text = v.toString();
    if (text.size() > limits::MaxTextChars)
        fail(QLatin1StringView(key),
             SessionJson::tr("%1 has %2 characters; a text may have at most %3")
                 .arg(QLatin1StringView(key))
                 .arg(text.size())
                 .arg(limits::MaxTextChars));
    // A lone surrogate ("\ud800" in the file) is not a character: UTF-8 has no form
    // for it, so it would vanish silently on the way to the tokenizer.
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            ++i;
        } else if (text[i].isSurrogate()) {
            fail(QLatin1StringView(key),
                 SessionJson::tr("%1 holds a lone surrogate (\\u%2) at character %3, which "
                                 "is not text: write the whole character")
                     .arg(QLatin1StringView(key))
                     .arg(uint(text[i].unicode()), 4, 16, QLatin1Char('0'))
                     .arg(i + 1));
        }
    }
    return text.toStdString();
}

bool Reader::boolean(const char* key) const
{
    const QJsonValue v = at(key);
    if (!v.isBool())
        fail(QLatin1StringView(key), SessionJson::tr("%1 must be true or false, not %2")
                                         .arg(QLatin1StringView(key), typeName(v)));
    return v.toBool();
}

std::int64_t Reader::integer(const char* key, std::int64_t low, std::int64_t high) const
{
    const QString name = QLatin1StringView(key);
    const QJsonValue v = at(key);
    auto refuse = [&](const QString& got) {
        fail(name, SessionJson::tr("%1 must be a whole number from %2 to %3, not %4")
                       .arg(name, QString::number(low), QString::number(high), got));
    };
    if (!v.isDouble())
        refuse(typeName(v));
    const double d = v.toDouble();
    if (d != std::floor(d))
        refuse(QString::number(d, 'g', 17));
    const qint64 exact = v.toInteger(std::numeric_limits<qint64>::min());
    if (d < double(low) || d > double(high) || exact == std::numeric_limits<qint64>::min() ||
        exact < low || exact > high)
        refuse(QString::number(d, 'g', 17));
    return exact;
}

double Reader::number(const char* key) const
{
    const QJsonValue v = at(key);
    if (!v.isDouble())
        fail(QLatin1StringView(key), SessionJson::tr("%1 must be a number, not %2")
                                         .arg(QLatin1StringView(key), typeName(v)));
    return v.toDouble();
}

Matrix Reader::rows(const char* key) const
{
    const QString name = QLatin1StringView(key);
    const QJsonValue v = at(key);
    if (!v.isArray() || v.toArray().isEmpty())
        fail(name, SessionJson::tr("%1 must be a non-empty list of rows of numbers").arg(name));
    const QJsonArray array = v.toArray();
    Matrix m;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonValue row = array.at(i);
        if (!row.isArray() || row.toArray().isEmpty())
            fail(name, SessionJson::tr("%1 row %2 must be a non-empty list of numbers")
                           .arg(name)
                           .arg(i + 1));
        const QJsonArray cells = row.toArray();
        if (i == 0)
            m.resize(array.size(), cells.size());
        if (cells.size() != m.cols())
            fail(name, SessionJson::tr("%1 row %2 has %3 numbers but row 1 has %4: every row "
                                       "needs the same length")
                           .arg(name)
                           .arg(i + 1)
                           .arg(cells.size())
                           .arg(m.cols()));
        for (qsizetype j = 0; j < cells.size(); ++j) {
            if (!cells.at(j).isDouble())
                fail(name, SessionJson::tr("%1 row %2, column %3 must be a number, not %4")
                               .arg(name)
                               .arg(i + 1)
                               .arg(j + 1)
                               .arg(typeName(cells.at(j))));
            // float32 is what the engine computes in: 1e39 would become infinity, which
            // a saved session cannot hold (JSON has no infinity) and which is not what was
            // typed.
            const double value = cells.at(j).toDouble();
            if (!std::isfinite(static_cast<float>(value)))
                fail(name,
                     SessionJson::tr(
                         "%1 row %2, column %3 (%4) is beyond the float32 range of about 3.4e38")
                         .arg(name)
                         .arg(i + 1)
                         .arg(j + 1)
                         .arg(value));
            m(i, j) = static_cast<float>(value);
        }
    }
    return m;
}

} // namespace ae::sessionjson
