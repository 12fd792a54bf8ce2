#include "HeadDetectors.h"

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

PatternScorer::PatternScorer(const DetectionPattern& pattern, DetectorOptions options)
    : m_pattern(pattern), m_options(options)
{
}

void PatternScorer::addRows(Eigen::Index first, const Eigen::Ref<const Matrix>& weights)
{
    for (Eigen::Index r = 0; r < weights.rows(); ++r) {
        const Eigen::Index i = first + r;
        // The kept visible cells of row i: [begin, end) of j <= i.
        const Eigen::Index begin = m_options.excludeBos ? 1 : 0;
        const Eigen::Index end =
            std::min(m_options.excludeCurrentToken ? i : i + 1, weights.cols());
        const auto row = weights.row(r);
        double sum = 0;
        for (Eigen::Index j = begin; j < end; ++j)
            sum += double(row[j]);
        m_attention += sum;
        for (const std::int64_t j : m_pattern.row(i)) {
            if (j < begin || j >= end)
                continue;
            m_onPattern += double(row[j]);
            ++m_patternCells;
        }
    }
}

HeadScore PatternScorer::score() const
{
    const auto T = double(m_pattern.rows());
    HeadScore s;
    s.mul = m_attention > 0 ? m_onPattern / m_attention : std::numeric_limits<double>::quiet_NaN();
    // |A - P| is A where P = 0 and 1 - A where P = 1 (0 <= A <= 1; both zero above the
    // diagonal).
    const double absSum = m_attention - 2.0 * m_onPattern + double(m_patternCells);
    s.absRaw = absSum / T;
    s.abs = 1.0 - std::round(s.absRaw * 1000.0) / 1000.0; // Python's round(x, 3)
    return s;
}

HeadScore scoreWeights(const Eigen::Ref<const Matrix>& weights, const DetectionPattern& pattern,
                       DetectorOptions options)
{
    PatternScorer scorer(pattern, options);
    scorer.addRows(0, weights);
    return scorer.score();
}

std::optional<HeadDetection> detectHeads(const ModelTrace& trace, DetectorOptions options,
                                         const AnalysisProgress& progress)
{
    if (trace.isSeedModule() || trace.tokenCount() < 2)
        return std::nullopt;
    HeadDetection out;
    out.tokenIds = trace.tokenIds;
    out.options = options;
    out.layers = trace.layerCount();
    out.heads = trace.headCount();
    std::array<DetectionPattern, AllHeadPatterns.size()> patterns;
    for (const HeadPattern kind : AllHeadPatterns) {
        patterns[std::size_t(kind)] = detectionPattern(kind, trace.tokenIds);
        out.scores[std::size_t(kind)].resize(std::size_t(out.layers * out.heads));
    }
    for (int l = 0; l < out.layers; ++l) {
        if (!keepGoing(progress, l, out.layers))
            return std::nullopt;
        const Trace& layer = *trace.layers[std::size_t(l)];
        ParallelFailure failure;
#pragma omp parallel for schedule(dynamic) if (out.heads > 1)
        for (int h = 0; h < out.heads; ++h)
            failure.run([&] {
                std::vector<PatternScorer> scorers;
                for (const HeadPattern kind : AllHeadPatterns)
                    scorers.emplace_back(patterns[std::size_t(kind)], options);
                forEachRowBlock(layer, h, false,
                                [&](Eigen::Index first, const RowBlockTensors& block) {
                                    for (PatternScorer& scorer : scorers)
                                        scorer.addRows(first, block.weights);
                                });
                for (const HeadPattern kind : AllHeadPatterns)
                    out.scores[std::size_t(kind)][std::size_t(l * out.heads + h)] =
                        scorers[std::size_t(kind)].score();
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
