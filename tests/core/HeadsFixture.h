#pragma once

// The PyTorch references of heads.md (tests/fixtures/heads, generate_heads_fixtures.py): the
// two small checkpoints they were made on, and the comparison of a next-token top 10.
#include "Fixtures.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "TransformerModel.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <memory>
#include <vector>

namespace ae::test {

inline QJsonObject headsFixture(const QString& family)
{
    return readFixture(QStringLiteral("heads/%1.json").arg(family));
}

inline std::shared_ptr<const TransformerModel> headsModel(const QJsonObject& fixture)
{
    const auto loaded =
        loadModel(fixturePath(fixture.value(QLatin1StringView("model")).toString()));
    if (!loaded.model)
        qWarning("%s", qPrintable(loaded.error));
    return loaded.model;
}

inline std::vector<std::int64_t> jsonIds(const QJsonValue& value)
{
    std::vector<std::int64_t> ids;
    for (const QJsonValue& id : value.toArray())
        ids.push_back(id.toInteger());
    return ids;
}

// Every expected {id, prob} is ours within `tolerance` (order may differ between two tokens
// whose probabilities are that close; a token missing from ours must sit at the cut, no more
// probable than our tenth plus the tolerance). Empty when they agree, else what differs.
inline QString compareTop(const QJsonArray& expected, const std::vector<NextToken>& actual,
                          double tolerance)
{
    if (actual.size() != std::size_t(expected.size()))
        return QStringLiteral("%1 tokens, expected %2").arg(actual.size()).arg(expected.size());
    for (const QJsonValue& value : expected) {
        const QJsonObject e = value.toObject();
        const std::int64_t id = e.value(QLatin1StringView("id")).toInteger();
        const double prob = e.value(QLatin1StringView("prob")).toDouble();
        bool found = false;
        for (const NextToken& a : actual)
            if (a.id == id) {
                found = true;
                if (std::abs(double(a.prob) - prob) > tolerance)
                    return QStringLiteral("token %1: prob %2, expected %3")
                        .arg(id)
                        .arg(double(a.prob), 0, 'g', 9)
                        .arg(prob, 0, 'g', 9);
            }
        if (!found && prob > double(actual.back().prob) + tolerance)
            return QStringLiteral("token %1 (prob %2) missing").arg(id).arg(prob);
    }
    return {};
}

} // namespace ae::test
