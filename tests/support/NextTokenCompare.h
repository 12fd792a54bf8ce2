#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <cmath>
#include <cstddef>
#include <vector>

namespace ae::test {

// A forward's most probable next tokens (ModelTrace::nextTokens: {id, prob}) against PyTorch's
// `next_token` [{"id", "prob"}], most probable first: the same count, the same ids, each
// probability within `tolerance`. Empty when they agree, else the first difference.
template <typename NextToken>
QString nextTokensDiffer(const std::vector<NextToken>& actual, const QJsonArray& expected,
                         double tolerance)
{
    if (actual.size() != std::size_t(expected.size()))
        return QStringLiteral("%1 next tokens, PyTorch %2").arg(actual.size()).arg(expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        const QJsonObject e = expected.at(qsizetype(i)).toObject();
        const auto id = e.value(QLatin1StringView("id")).toInteger();
        if (actual[i].id != id)
            return QStringLiteral("next_token[%1].id %2 vs PyTorch %3")
                .arg(i)
                .arg(actual[i].id)
                .arg(id);
        const double prob = e.value(QLatin1StringView("prob")).toDouble();
        if (!(std::abs(actual[i].prob - prob) <= tolerance))
            return QStringLiteral("next_token[%1].prob %2 vs PyTorch %3")
                .arg(i)
                .arg(double(actual[i].prob))
                .arg(prob);
    }
    return {};
}

} // namespace ae::test
