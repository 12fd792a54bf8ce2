#pragma once

#include "AnalysisProgress.h"
#include "Matrix.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ae {

struct ModelTrace;
class TransformerModel;

// The head detectors of TransformerLens's detect_head (transformer_lens/head_detector.py),
// spec heads.md §1. A detection pattern P (T x T, 0/1, lower triangular) over tokens
// t_0 ... t_{T-1}:
//   PreviousToken:  P[i, i-1] = 1;
//   DuplicateToken: P[i, j] = 1 for j < i with t_j = t_i;
//   Induction:      P[i, j] = 1 for 0 < j <= i with t_{j-1} = t_i (the duplicate pattern one
//                   column to the right, column 0 zero; j = i when t_{i-1} = t_i).
enum class HeadPattern
{
    PreviousToken,
    DuplicateToken,
    Induction
};
inline constexpr std::array<HeadPattern, 3> AllHeadPatterns{
    HeadPattern::PreviousToken, HeadPattern::DuplicateToken, HeadPattern::Induction};

// TransformerLens's name: "previous_token_head", "duplicate_token_head", "induction_head".
std::string_view headPatternKey(HeadPattern pattern);

// P stored by rows (it is sparse: a row holds one cell for the previous-token pattern, one per
// earlier occurrence of the token for the others): row i's columns, ascending. What a view
// outlines over a head's weights.
struct DetectionPattern
{
    std::vector<std::int64_t> rowStart; // T + 1 offsets into columns
    std::vector<std::int64_t> columns;

    Eigen::Index rows() const { return rowStart.empty() ? 0 : Eigen::Index(rowStart.size()) - 1; }
    std::span<const std::int64_t> row(Eigen::Index i) const
    {
        return {columns.data() + rowStart[std::size_t(i)],
                std::size_t(rowStart[std::size_t(i) + 1] - rowStart[std::size_t(i)])};
    }
};

DetectionPattern detectionPattern(HeadPattern pattern, std::span<const std::int64_t> ids);

// detect_head's keyword options: column 0 (exclude_bos) and the diagonal
// (exclude_current_token) of A (mul) or of |A - P| (abs) set to 0.
struct DetectorOptions
{
    bool excludeBos = false;
    bool excludeCurrentToken = false;
};

// One head's scores against one pattern:
//   mul    = Σ(A ⊙ P) / ΣA (over the cells the options keep; NaN when ΣA is 0, as torch);
//   absRaw = mean|A - P| · T = Σ|A - P| / T, before TransformerLens rounds it;
//   abs    = 1 - round(absRaw, 3).
struct HeadScore
{
    double mul = 0;
    double abs = 0;
    double absRaw = 0;
};

// A head's causal weights A fed row block by row block (rows >= their first row's index are
// zero above the diagonal): the sums both scores need, without a T x T pattern. Because A is
// zero above the diagonal and 0 <= A <= 1, Σ|A - P| = ΣA - 2·Σ_{P=1} A + #{P = 1} over the
// kept cells, so one pass over the visible cells and the pattern's few cells suffice.
// A scorer's sums so far, over rows [0, n) for some n: where a later scorer may resume.
struct PatternSums
{
    double attention = 0;          // ΣA over kept cells
    double onPattern = 0;          // Σ A over kept cells with P = 1
    std::int64_t patternCells = 0; // kept cells with P = 1
};

// ΣA over the kept cells of each row of `weights` (A's rows [first, first + rows)), in double:
// eight running sums over the columns by their index mod 8, added in a fixed order at the end
// (vectorised; the same bits for a row whichever block it comes in).
std::vector<double> keptRowSums(Eigen::Index first, const Eigen::Ref<const Matrix>& weights,
                                DetectorOptions options);

class PatternScorer
{
public:
    using Sums = PatternSums;

    PatternScorer(const DetectionPattern& pattern, DetectorOptions options, Sums start = {});
    // weights (rows x S): A's rows [first, first + rows); cells j > i must be 0. Rows come in
    // order, from the row the start sums end at. rowSums[r]: keptRowSums() of these rows,
    // which every pattern shares (computed once for the three scorers of a head).
    void addRows(Eigen::Index first, const Eigen::Ref<const Matrix>& weights,
                 std::span<const double> rowSums);
    HeadScore score() const;
    const Sums& sums() const { return m_sums; }

private:
    const DetectionPattern& m_pattern;
    DetectorOptions m_options;
    Sums m_sums;
};

// A whole T x T matrix at once (a trained model's weights, a test).
HeadScore scoreWeights(const Eigen::Ref<const Matrix>& weights, const DetectionPattern& pattern,
                       DetectorOptions options);

// Every pattern's scores for every layer x head of a model's forward: scores[pattern]
// [layer · heads + head]. Each head's weights are derived block of rows by block of rows with
// the forward's own kernel (forEachRowBlock) and scored for the three patterns in one pass;
// nothing T x T is held. Heads in parallel; `progress` is called per layer (cancelled:
// nullopt). Needs 1 < T (else nullopt) and a model's trace, not the seed module's.
// With `previous` (a detection of the same model with the same options) the sums of the
// blocks of rows before the first token where the two sequences differ are taken from it: a
// causal model's weights and patterns of those rows are the same, so typing at the end of a
// long text scores a few rows per head. The sums are added in the same order; the rows after
// the resumed ones are derived as a block of their own (forEachRowBlock from a row), so a
// resumed detection equals one from scratch within float32 rounding of those rows' weights.
// A detection keeps its sums after every DetectionSumRows rows, where a later one may resume:
// typing at the end of a text derives the rows from the last multiple of 8 before the change.
inline constexpr Eigen::Index DetectionSumRows = 8;

struct HeadDetection
{
    std::weak_ptr<const TransformerModel> model;
    std::vector<std::int64_t> tokenIds;
    DetectorOptions options;
    int layers = 0, heads = 0;
    std::array<std::vector<HeadScore>, AllHeadPatterns.size()> scores;
    // Per head (layer · heads + head) and per full group of DetectionSumRows rows g: every
    // pattern's sums over rows [0, (g + 1) · DetectionSumRows).
    std::vector<std::vector<std::array<PatternScorer::Sums, AllHeadPatterns.size()>>> groupSums;
    Eigen::Index resumedRows = 0; // rows whose sums came from `previous`

    const HeadScore& at(HeadPattern pattern, int layer, int head) const
    {
        return scores[std::size_t(pattern)][std::size_t(layer * heads + head)];
    }
};
std::optional<HeadDetection> detectHeads(const ModelTrace& trace, DetectorOptions options = {},
                                         const AnalysisProgress& progress = {},
                                         const HeadDetection* previous = nullptr);

// The heads ordered by one pattern's score (mul, or abs), highest first, NaN last, ties by
// layer then head: the Heads page's ranked list and the walkthrough's "the previous-token
// heads of this model".
struct RankedHead
{
    int layer = 0, head = 0;
    double score = 0;
};
std::vector<RankedHead> rankHeads(const HeadDetection& detection, HeadPattern pattern,
                                  bool abs = false);

} // namespace ae
