#pragma once

#include "Matrix.h"

#include <QString>

#include <memory>

namespace ae {

struct Trace;

// The arithmetic behind one cell of a tensor, a sentence that names the tokens as every view
// shows them, numbered from 1 (x(1) is the first token, as in the book; dimensions and ids
// count from 0, as PyTorch's indices), then the trace's own numbers:
//   "Score of key “␣sat” (token 3) for query “␣cat” (token 2) = query · key
//    = 0.8474×0.5364 + 1.5044×0.5556 = 1.2903".
// Long sums show their first terms and how many there are. Nothing is recomputed: the
// result printed is the trace's value; the terms are the trace's factors.
namespace explain {

enum class Projection
{
    Query,
    Key,
    Value
};

QString embedding(const Trace& trace, bool source, Eigen::Index row, Eigen::Index col);
QString projection(const Trace& trace, int head, Projection which, Eigen::Index row,
                   Eigen::Index col);
QString score(const Trace& trace, int head, Eigen::Index row, Eigen::Index col);
QString scaledScore(const Trace& trace, int head, Eigen::Index row, Eigen::Index col);
QString mask(const Trace& trace, Eigen::Index row, Eigen::Index col);
QString maskedScore(const Trace& trace, int head, Eigen::Index row, Eigen::Index col);
QString weight(const Trace& trace, int head, Eigen::Index row, Eigen::Index col);
QString keep(const Trace& trace, int head, Eigen::Index row, Eigen::Index col);
QString dropped(const Trace& trace, int head, Eigen::Index row, Eigen::Index col);
QString context(const Trace& trace, int head, Eigen::Index row, Eigen::Index col);
QString output(const Trace& trace, Eigen::Index row, Eigen::Index col);

// "0.1794×0.2961 + 1.8951×0.5166 + …" for the dot product of a row and a column.
QString dotTerms(const float* a, const float* b, Eigen::Index n, Eigen::Index strideB,
                 int shown = 6);
QString number(float value);

} // namespace explain
} // namespace ae
