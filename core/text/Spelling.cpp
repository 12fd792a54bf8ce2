#include "Spelling.h"

#include <algorithm>
#include <vector>

namespace ae {

int editDistance(QStringView a, QStringView b)
{
    const QString x = a.toString().toCaseFolded(), y = b.toString().toCaseFolded();
    const qsizetype n = x.size(), m = y.size();
    // d[i][j]: the distance between the first i characters of x and the first j of y.
    std::vector<std::vector<int>> d(std::size_t(n + 1), std::vector<int>(std::size_t(m + 1)));
    for (qsizetype i = 0; i <= n; ++i)
        d[std::size_t(i)][0] = int(i);
    for (qsizetype j = 0; j <= m; ++j)
        d[0][std::size_t(j)] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        for (qsizetype j = 1; j <= m; ++j) {
            const auto I = std::size_t(i), J = std::size_t(j);
            const int cost = x[i - 1] == y[j - 1] ? 0 : 1;
            d[I][J] = std::min({d[I - 1][J] + 1, d[I][J - 1] + 1, d[I - 1][J - 1] + cost});
            if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1])
                d[I][J] = std::min(d[I][J], d[I - 2][J - 2] + 1);
        }
    }
    return d[std::size_t(n)][std::size_t(m)];
}

std::optional<QString> closestMatch(QStringView word, const QStringList& candidates)
{
    // A hint for a word of a few letters that is half another is no hint; nor is one for a
    // word of hundreds of characters (and the table would be their product).
    constexpr qsizetype MaxWord = 64;
    if (word.isEmpty() || word.size() > MaxWord)
        return std::nullopt;
    const int allowed = int(std::clamp<qsizetype>(word.size() / 3, 1, 3));
    std::optional<QString> best;
    int bestDistance = allowed + 1;
    bool tie = false;
    for (const QString& candidate : candidates) {
        if (candidate.size() > MaxWord || candidate == word)
            continue;
        const int distance = editDistance(word, candidate);
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
            tie = false;
        } else if (distance == bestDistance) {
            tie = true;
        }
    }
    return tie ? std::nullopt : best; // "Causal" (0 edits but the case) means "causal"
}

} // namespace ae
