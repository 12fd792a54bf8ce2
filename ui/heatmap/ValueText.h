#pragma once

#include "HeatmapSpec.h"

#include <QString>

namespace ae {

// How heatmap values are written.
//   cellText: what a cell shows, PyTorch's fixed decimals ("0.1921", "−0.0000", "−∞") with a
//             true minus sign (U+2212) for print;
//   csvText:  the shortest text that reads back as the same float ("-inf", "nan"), ASCII;
//   withMinusSign: replaces a leading ASCII '-' by U+2212.
QString cellText(float value, int decimals);
QString csvText(float value);
QString withMinusSign(QString text);
// The widest text any cell of `matrix` shows (its largest magnitude, negated), for layout.
QString widestCellText(const Matrix& matrix, int decimals);
// The same from the matrix's largest finite magnitude (MatrixStats::maxAbs).
QString widestCellText(float maxAbs, int decimals);
// Tooltip and status text for a cell: spec.explain's sentence with its arithmetic, else one
// made of the figure's title, axis titles and labels: "Attention weights α, query ␣cat, key
// ␣from: 0.1921".
QString cellDescription(const HeatmapSpec& spec, Eigen::Index row, Eigen::Index column);
// Row or column label: the spec's label, else the index.
QString rowLabel(const HeatmapSpec& spec, Eigen::Index row);
QString columnLabel(const HeatmapSpec& spec, Eigen::Index column);

} // namespace ae
