#include "Fixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTest>

#include <limits>

namespace ae::test {

QString fixturePath(const QString& relative)
{
    return QStringLiteral(AE_FIXTURE_DIR) + u'/' + relative;
}

QJsonObject readFixture(const QString& relative)
{
    QFile file(fixturePath(relative));
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("cannot open fixture %s", qPrintable(file.fileName()));
        return {};
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("fixture %s: %s", qPrintable(file.fileName()), qPrintable(error.errorString()));
    return document.object();
}

QStringList sessionFixtureNames()
{
    QDir dir(fixturePath(QStringLiteral("sessions")));
    QStringList names = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (QString& name : names)
        name.chop(5);
    return names;
}

float jsonNumber(const QJsonValue& value)
{
    if (value.isString()) {
        const QString text = value.toString();
        if (text == QLatin1StringView("-inf"))
            return -std::numeric_limits<float>::infinity();
        if (text == QLatin1StringView("inf"))
            return std::numeric_limits<float>::infinity();
        return std::numeric_limits<float>::quiet_NaN();
    }
    return static_cast<float>(value.toDouble());
}

std::vector<float> jsonFloats(const QJsonArray& values)
{
    std::vector<float> out;
    out.reserve(static_cast<std::size_t>(values.size()));
    for (const QJsonValue& v : values)
        out.push_back(jsonNumber(v));
    return out;
}

Matrix jsonMatrix(const QJsonValue& value)
{
    const QJsonArray rows = value.toArray();
    if (rows.isEmpty())
        return {};
    if (!rows.first().isArray()) {
        const auto flat = jsonFloats(rows);
        Matrix m(1, static_cast<Eigen::Index>(flat.size()));
        for (std::size_t j = 0; j < flat.size(); ++j)
            m(0, static_cast<Eigen::Index>(j)) = flat[j];
        return m;
    }
    Matrix m(rows.size(), rows.first().toArray().size());
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const auto row = jsonFloats(rows.at(i).toArray());
        for (std::size_t j = 0; j < row.size() && Eigen::Index(j) < m.cols(); ++j)
            m(i, static_cast<Eigen::Index>(j)) = row[j];
    }
    return m;
}

std::string numberedSentence(int tokens)
{
    std::string sentence; // appended piece by piece: GCC 12's -Wrestrict misfires on
                          // "w" + std::to_string(…) under -O3
    for (int i = 0; i < tokens; ++i) {
        sentence += 'w';
        sentence += std::to_string(i % 97);
        sentence += ' ';
    }
    return sentence;
}

} // namespace ae::test
