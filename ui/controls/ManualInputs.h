#pragma once

#include "Matrix.h"

namespace ae {

struct Session;

// `values` resized to rows x cols: the overlap is kept, new cells are zero.
Matrix resizedKeepingValues(const Matrix& values, Eigen::Index rows, Eigen::Index cols);

// `values` without column `column` (nothing happens when it has no such column).
Matrix withoutColumn(const Matrix& values, Eigen::Index column);

// With embedding "manual", gives inputs one row per token of the sentence and
// source_inputs one per token of the source sentence (none without one), each d_in wide:
// every edit that changes the tokens or d_in calls this so the rows follow.
// Nothing happens with embedding "torch".
void fitManualInputs(Session& session);

} // namespace ae
