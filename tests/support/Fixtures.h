#pragma once

#include "Matrix.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <string>

namespace ae::test {

// Golden data written by tests/fixtures/generate_fixtures.py with PyTorch.
QString fixturePath(const QString& relative);
QJsonObject readFixture(const QString& relative); // fails the test when unreadable
QStringList sessionFixtureNames();                // tests/fixtures/sessions/*.json, sorted

// JSON numbers, or the strings "-inf", "inf", "nan", to float.
float jsonNumber(const QJsonValue& value);
// A list of rows (or a flat list, read as one row) to a Matrix.
Matrix jsonMatrix(const QJsonValue& value);
std::vector<float> jsonFloats(const QJsonArray& values);

// "w0 w1 … " with `tokens` words (numbers modulo 97, so the vocabulary stays small).
std::string numberedSentence(int tokens);

} // namespace ae::test
