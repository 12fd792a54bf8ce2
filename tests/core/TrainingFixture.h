#pragma once

#include "Trainer.h"
#include "TrainingSession.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <vector>

// The training fixtures of tests/fixtures/training/generate_training_fixtures.py.
namespace trainingfixture {

inline QString dir()
{
    return QStringLiteral(AE_FIXTURE_DIR "/training/");
}

inline QJsonObject expected(const QString& name)
{
    QFile f(dir() + name + QStringLiteral(".json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read fixture %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).object();
}

inline ae::TrainingConfig session(const QString& name)
{
    const ae::TrainingSessionResult r =
        ae::readTrainingSession(dir() + name + QStringLiteral(".session.json"));
    if (!r.ok())
        qFatal("fixture session %s refused: %s", qPrintable(name),
               qPrintable(r.issues.front().message));
    return r.config;
}

inline std::vector<double> numbers(const QJsonValue& v)
{
    std::vector<double> out;
    for (const QJsonValue& x : v.toArray())
        out.push_back(x.toDouble());
    return out;
}

// Worst |a − b| / (|b| + floor) over the cells, as llm.c's check_tensor prints it.
inline double worstRelative(const std::vector<float>& a, const std::vector<double>& b, double floor)
{
    double worst = 0;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        worst = std::max(worst, std::abs(double(a[i]) - b[i]) / (std::abs(b[i]) + floor));
    return a.size() == b.size() ? worst : INFINITY;
}

} // namespace trainingfixture
