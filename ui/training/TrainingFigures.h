#pragma once

#include "HeatmapSpec.h"

#include <QStringList>

namespace ae {

struct ProbeSnapshot;

namespace trainingfigures {

// Every layer x head's attention weights on the probe at one recorded step, a labelled grid
// (rows: layers, columns: heads), each panel's cells the softmax weights with their arithmetic.
// `tokens` label the probe's positions (ids, or the characters of a chars task).
Figure probeAttention(const std::shared_ptr<const ProbeSnapshot>& snapshot,
                      const QStringList& tokens);

// One head of the grid, whole: its weights on the probe with the induction pattern's cells
// framed (where an induction head looks: the token after the current token's last occurrence).
Figure probeHead(const std::shared_ptr<const ProbeSnapshot>& snapshot, int layer, int head,
                 const QStringList& tokens);

} // namespace trainingfigures
} // namespace ae
