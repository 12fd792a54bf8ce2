#pragma once

#include "Ablation.h"
#include "HeadDetectors.h"
#include "HeatmapSpec.h"

#include <memory>

namespace ae {

struct ModelTrace;

// The figures of what heads do (docs/heads.md): the detectors' layers x heads grids, one head's
// weights with a detector's pattern framed, and the ablation grid. File names continue the
// model pages' numbering (ModelFigures.h): 12-head_detectors, 13-head_pattern-layer<l>-head<h>,
// 14-ablation_<metric>.
namespace analysisfigures {

// Which score a detector grid shows (heads.md §1).
enum class DetectorScore
{
    Mul, // Σ(A ⊙ P) / ΣA
    Abs  // 1 − round(mean|A − P|·T, 3)
};

QString patternTitle(HeadPattern pattern); // "Induction heads" (translated)

// One detector's scores, layers x heads, each cell printed.
HeatmapSpec detectorScores(const HeadDetection& detection, HeadPattern pattern,
                           DetectorScore score);
// The three detectors side by side.
Figure detectors(const HeadDetection& detection, DetectorScore score);
// Head `head` of block `layer`: its weights over the trace's tokens with `pattern`'s cells
// framed.
Figure headWithPattern(const std::shared_ptr<const ModelTrace>& trace, int layer, int head,
                       HeadPattern pattern);

// Which number the ablation grid shows.
enum class AblationMetric
{
    LossChange, // loss(ablated) − loss(base)
    Kl          // KL(p_base ‖ p_ablated) of the last position
};
HeatmapSpec ablationGrid(const AblationGrid& grid, AblationMetric metric);

} // namespace analysisfigures
} // namespace ae
