#include "HeadDetectors.h"

#include "AttentionKernel.h"
#include "HeadTensors.h"
#include "ModelTrace.h"
#include "ParallelFailure.h"
#include "Trace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace ae {

std::string_view headPatternKey(HeadPattern pattern)
{
    switch (pattern) {
    case HeadPattern::PreviousToken:
        return "previous_token_head";
    case HeadPattern::DuplicateToken:
        return "duplicate_token_head";
    case HeadPattern::Induction:
        return "induction_head";
    }
    return {};
}

DetectionPattern detectionPattern(HeadPattern pattern, std::span<const std::int64_t> ids)
{
    DetectionPattern p;
    p.rowStart.reserve(ids.size() + 1);
    p.rowStart.push_back(0);
    // The earlier positions of each token: row i of the duplicate pattern is those of t_i
    // before i, and the induction pattern's row i is the same positions plus one.
    std::unordered_map<std::int64_t, std::vector<std::int64_t>> seen;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (pattern == HeadPattern::PreviousToken) {
            if (i > 0)
                p.columns.push_back(std::int64_t(i) - 1);
        } else {
            std::vector<std::int64_t>& earlier = seen[ids[i]];
            const std::int64_t shift = pattern == HeadPattern::Induction ? 1 : 0;
            for (const std::int64_t j : earlier)
                p.columns.push_back(j + shift);
            earlier.push_back(std::int64_t(i));
        }
        p.rowStart.push_back(std::int64_t(p.columns.size()));
    }
    return p;
}

PatternScorer::PatternScorer(const DetectionPattern& pattern, DetectorOptions options, Sums start)
    : m_pattern(pattern), m_options(options), m_sums(start)
{
}

namespace {

// The kept visible cells of row i: [begin, end) of j <= i.
struct KeptCells
{
    Eigen::Index begin, end;
};

KeptCells keptCells(DetectorOptions options, Eigen::Index i, Eigen::Index columns)
{
    return {options.excludeBos ? 1 : 0, std::min(options.excludeCurrentToken ? i : i + 1, columns)};
}

} // namespace

std::vector<double> keptRowSums(Eigen::Index first, const Eigen::Ref<const Matrix>& weights,
                                DetectorOptions options)
{
    constexpr int Lanes = 8;
    std::vector<double> sums(std::size_t(weights.rows()), 0.0);
    for (Eigen::Index r = 0; r < weights.rows(); ++r) {
        const KeptCells kept = keptCells(options, first + r, weights.cols());
        const float* row = weights.row(r).data();
        double lane[Lanes] = {};
        Eigen::Index j = kept.begin;
        for (; j + Lanes <= kept.end; j += Lanes)
            for (int l = 0; l < Lanes; ++l)
                lane[l] += double(row[j + l]);
        for (int l = 0; j < kept.end; ++j, ++l)
            lane[l] += double(row[j]);
        sums[std::size_t(r)] = ((lane[0] + lane[1]) + (lane[2] + lane[3])) +
                               ((lane[4] + lane[5]) + (lane[6] + lane[7]));
    }
    return sums;
}

void PatternScorer::addRows(Eigen::Index first, const Eigen::Ref<const Matrix>& weights,
                            std::span<const double> rowSums)
{
    for (Eigen::Index r = 0; r < weights.rows(); ++r) {
        const Eigen::Index i = first + r;
        const KeptCells kept = keptCells(m_options, i, weights.cols());
        const auto row = weights.row(r);
        m_sums.attention += rowSums[std::size_t(r)];
        for (const std::int64_t j : m_pattern.row(i)) {
            if (j < kept.begin || j >= kept.end)
                continue;
            m_sums.onPattern += double(row[j]);
            ++m_sums.patternCells;
        }
    }
}

HeadScore PatternScorer::score() const
{
    const auto T = double(m_pattern.rows());
    HeadScore s;
    const Sums& m = m_sums;
    s.mul = m.attention > 0 ? m.onPattern / m.attention : std::numeric_limits<double>::quiet_NaN();
    // |A - P| is A where P = 0 and 1 - A where P = 1 (0 <= A <= 1; both zero above the
    // diagonal).
    const double absSum = m.attention - 2.0 * m.onPattern + double(m.patternCells);
    s.absRaw = absSum / T;
    s.abs = 1.0 - std::round(s.absRaw * 1000.0) / 1000.0; // Python's round(x, 3)
    return s;
}

HeadScore scoreWeights(const Eigen::Ref<const Matrix>& weights, const DetectionPattern& pattern,
                       DetectorOptions options)
{
    PatternScorer scorer(pattern, options);
    scorer.addRows(0, weights, keptRowSums(0, weights, options));
    return scorer.score();
}

namespace {

// The full groups of rows whose sums `detection` can take from `previous`.
Eigen::Index resumableGroups(const HeadDetection& detection, const ModelTrace& trace,
                             const HeadDetection* previous)
{
    if (!previous || previous->model.lock() != trace.model ||
        previous->layers != detection.layers || previous->heads != detection.heads ||
        previous->options.excludeBos != detection.options.excludeBos ||
        previous->options.excludeCurrentToken != detection.options.excludeCurrentToken ||
        previous->groupSums.size() != std::size_t(detection.layers * detection.heads))
        return 0;
    return std::min(commonPrefixLength(previous->tokenIds, detection.tokenIds) / DetectionSumRows,
                    previous->groupSums.empty() ? 0 : Eigen::Index(previous->groupSums[0].size()));
}

} // namespace

std::optional<HeadDetection> detectHeads(const ModelTrace& trace, DetectorOptions options,
                                         const AnalysisProgress& progress,
                                         const HeadDetection* previous)
{
    if (trace.isSeedModule() || trace.tokenCount() < 2)
        return std::nullopt;
    HeadDetection out;
    out.model = trace.model;
    out.tokenIds = trace.tokenIds;
    out.options = options;
    out.layers = trace.layerCount();
    out.heads = trace.headCount();
    constexpr std::size_t Patterns = AllHeadPatterns.size();
    std::array<DetectionPattern, Patterns> patterns;
    for (const HeadPattern kind : AllHeadPatterns) {
        patterns[std::size_t(kind)] = detectionPattern(kind, trace.tokenIds);
        out.scores[std::size_t(kind)].resize(std::size_t(out.layers * out.heads));
    }
    const Eigen::Index resumed = resumableGroups(out, trace, previous);
    out.resumedRows = resumed * DetectionSumRows;
    const Eigen::Index T = trace.tokenCount();
    out.groupSums.resize(std::size_t(out.layers * out.heads));
    for (int l = 0; l < out.layers; ++l) {
        if (!keepGoing(progress, l, out.layers))
            return std::nullopt;
        const Trace& layer = *trace.layers[std::size_t(l)];
        ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (out.heads > 1)
        for (int h = 0; h < out.heads; ++h)
            failure.run([&] {
                const std::size_t index = std::size_t(l * out.heads + h);
                auto& sums = out.groupSums[index];
                if (resumed > 0)
                    sums.assign(previous->groupSums[index].begin(),
                                previous->groupSums[index].begin() + resumed);
                std::vector<PatternScorer> scorers;
                for (std::size_t k = 0; k < Patterns; ++k)
                    scorers.emplace_back(patterns[k], options,
                                         resumed > 0 ? sums.back()[k] : PatternScorer::Sums{});
                forEachRowBlock(
                    layer, h, false, out.resumedRows, T,
                    [&](Eigen::Index first, const RowBlockTensors& block) {
                        const std::vector<double> rowSums =
                            keptRowSums(first, block.weights, options);
                        // Group by group (blocks start and end on group boundaries, but for
                        // the last), the sums kept after each whole group.
                        for (Eigen::Index r = 0; r < block.weights.rows();) {
                            const Eigen::Index i = first + r;
                            const Eigen::Index rows =
                                std::min((i / DetectionSumRows + 1) * DetectionSumRows - i,
                                         block.weights.rows() - r);
                            for (PatternScorer& scorer : scorers)
                                scorer.addRows(
                                    i, block.weights.middleRows(r, rows),
                                    std::span(rowSums).subspan(std::size_t(r), std::size_t(rows)));
                            r += rows;
                            if (first + r != Eigen::Index(sums.size() + 1) * DetectionSumRows)
                                continue; // not the end of the next whole group
                            auto& after = sums.emplace_back();
                            for (std::size_t k = 0; k < Patterns; ++k)
                                after[k] = scorers[k].sums();
                        }
                    });
                for (std::size_t k = 0; k < Patterns; ++k)
                    out.scores[k][index] = scorers[k].score();
            });
        failure.rethrow();
    }
    if (!keepGoing(progress, out.layers, out.layers))
        return std::nullopt;
    return out;
}

std::vector<RankedHead> rankHeads(const HeadDetection& detection, HeadPattern pattern, bool abs)
{
    std::vector<RankedHead> ranked;
    for (int l = 0; l < detection.layers; ++l)
        for (int h = 0; h < detection.heads; ++h) {
            const HeadScore& s = detection.at(pattern, l, h);
            ranked.push_back({l, h, abs ? s.abs : s.mul});
        }
    std::stable_sort(ranked.begin(), ranked.end(), [](const RankedHead& a, const RankedHead& b) {
        if (std::isnan(a.score) || std::isnan(b.score))
            return !std::isnan(a.score) && std::isnan(b.score);
        return a.score > b.score;
    });
    return ranked;
}

} // namespace ae
