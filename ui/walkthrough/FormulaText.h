#pragma once

#include "Matrix.h"

#include <QString>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

// Spelling of the walkthrough's formulas: numbers with 4 decimals as PyTorch prints them
// (with a typographic minus), vectors summarised like PyTorch's print beyond a few entries,
// the seeds' 1-based subscripts (x₂ is inputs[1]), shapes. Mathematics, not sentences: only
// the "(n terms)" of a long sum is translated.
namespace ae {
struct Trace;
}

namespace ae::formula {

inline constexpr Eigen::Index MaxShownEntries = 8; // longer vectors: first 3, "…", last 3

QString number(float value);                             // "−0.6004", "−∞"
QString count(std::int64_t value);                       // "2,360,064" in the user's locale
QString subscript(std::int64_t oneBased);                // "₂", "₁₀₂₄"
QString shape(Eigen::Index rows, Eigen::Index cols);     // "(6×3)"
QString tuple(std::initializer_list<Eigen::Index> dims); // "(1, 6, 2, 1)"

// "[0.1794, 1.8951, 0.4954]"; n > MaxShownEntries: "[a, b, c, …, x, y, z]".
QString vector(const float* data, Eigen::Index n, Eigen::Index stride = 1);
QString row(const Matrix& m, Eigen::Index r);
// A 0/1 mask's row as integers: "[1, 0, 1, 1, 0, 0]".
QString maskRow(const Matrix& m, Eigen::Index r);

// "['Life', 'is', 'short', …]" summarised like vector().
QString stringList(const std::vector<std::string>& items);
// "tensor([0, 4, 5, 2, 1, 3])"
QString idTensor(const std::vector<std::int64_t>& ids);
// "{'Life': 0, 'dessert': 1, …}" (ids are the positions in the sorted vocabulary)
QString vocabulary(const std::vector<std::string>& sorted);

// The chosen query token, clamped to the trace's queries (0-based).
Eigen::Index clampedQuery(const Trace& trace, int query);
// "'journey'"
QString token(const std::vector<std::string>& tokens, Eigen::Index i);
// "   (head 1 of 2)" when the trace has several heads (the formulas show the first), else "".
QString headNote(const Trace& trace);

// "0.8474×0.5364 + 1.5044×0.5556" and, beyond `shown` terms, "+ … (768 terms)".
QString dotTerms(const float* a, const float* b, Eigen::Index n, Eigen::Index strideB,
                 int shown = 3);

} // namespace ae::formula
