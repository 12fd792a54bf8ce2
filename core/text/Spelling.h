#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace ae {

// The number of single-character edits (insertions, deletions, substitutions, and swaps of two
// neighbours: the optimal string alignment distance) from `a` to `b`, ignoring case.
int editDistance(QStringView a, QStringView b);

// The candidate a misspelt word most likely meant ("casual" → "causal", "num_head" →
// "num_heads"), for a "did you mean" hint: the nearest by editDistance(), if it is at most a
// third of the word's length away (at least 1 edit, at most 3) and no other is as near.
std::optional<QString> closestMatch(QStringView word, const QStringList& candidates);

} // namespace ae
