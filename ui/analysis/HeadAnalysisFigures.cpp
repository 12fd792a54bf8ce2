#include "HeadAnalysisFigures.h"

#include "ModelTrace.h"
#include "TraceFigures.h"

#include <QCoreApplication>

#include <cmath>

namespace ae::analysisfigures {

namespace {

// The translation context of this file's messages.
struct HeadAnalysisFigures
{
    Q_DECLARE_TR_FUNCTIONS(HeadAnalysisFigures)
};

QStringList numbered(int count)
{
    QStringList labels;
    for (int i = 1; i <= count; ++i)
        labels << QString::number(i);
    return labels;
}

// A layers x heads grid of `values` (layer · heads + head).
HeatmapSpec layersByHeads(int layers, int heads, const std::vector<double>& values)
{
    auto matrix = std::make_shared<Matrix>(layers, heads);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            (*matrix)(l, h) = float(values[std::size_t(l * heads + h)]);
    HeatmapSpec spec;
    spec.matrix = matrix;
    spec.rowLabels = numbered(layers);
    spec.columnLabels = numbered(heads);
    spec.rowAxisTitle = HeadAnalysisFigures::tr("layer");
    spec.columnAxisTitle = HeadAnalysisFigures::tr("head");
    spec.decimals = 2;
    return spec;
}

} // namespace

QString patternTitle(HeadPattern pattern)
{
    switch (pattern) {
    case HeadPattern::PreviousToken:
        return HeadAnalysisFigures::tr("Previous-token heads");
    case HeadPattern::DuplicateToken:
        return HeadAnalysisFigures::tr("Duplicate-token heads");
    case HeadPattern::Induction:
        break;
    }
    return HeadAnalysisFigures::tr("Induction heads");
}

HeatmapSpec detectorScores(const HeadDetection& detection, HeadPattern pattern, DetectorScore score)
{
    std::vector<double> values;
    for (int l = 0; l < detection.layers; ++l)
        for (int h = 0; h < detection.heads; ++h) {
            const HeadScore& s = detection.at(pattern, l, h);
            values.push_back(score == DetectorScore::Mul ? s.mul : s.abs);
        }
    HeatmapSpec spec = layersByHeads(detection.layers, detection.heads, values);
    spec.tensorName = QString::fromLatin1(headPatternKey(pattern));
    spec.title = patternTitle(pattern);
    spec.operation = score == DetectorScore::Mul ? QStringLiteral("Σ(A ⊙ P) / ΣA")
                                                 : QStringLiteral("1 − round(mean|A − P|·T, 3)");
    // mul is a share of the attention (0..1); abs can fall below 0 for a head far from P.
    spec.scheme = score == DetectorScore::Mul ? ColorScheme::Sequential : ColorScheme::Diverging;
    if (score == DetectorScore::Mul)
        spec.range = std::make_pair(0.0f, 1.0f);
    const std::shared_ptr<const Matrix> matrix = spec.matrix;
    spec.explain = [matrix, score](Eigen::Index row, Eigen::Index col) -> QString {
        const float value = (*matrix)(row, col);
        return score == DetectorScore::Mul
                   ? HeadAnalysisFigures::tr("layer %1, head %2: %3 % of its attention falls on "
                                             "the pattern's cells")
                         .arg(row + 1)
                         .arg(col + 1)
                         .arg(std::isfinite(value) ? QString::number(100.0 * value, 'f', 1)
                                                   : QStringLiteral("—"))
                   : HeadAnalysisFigures::tr("layer %1, head %2: 1 − round(mean|A − P|·T, 3) = %3")
                         .arg(row + 1)
                         .arg(col + 1)
                         .arg(double(value), 0, 'f', 3);
    };
    return spec;
}

Figure detectors(const HeadDetection& detection, DetectorScore score)
{
    Figure figure;
    figure.name = QStringLiteral("12-head_detectors");
    figure.title = score == DetectorScore::Mul
                       ? HeadAnalysisFigures::tr("Which heads do what: the share of each head's "
                                                 "attention on each pattern")
                       : HeadAnalysisFigures::tr("Which heads do what: 1 − the mean distance to "
                                                 "each pattern");
    figure.columns = int(AllHeadPatterns.size());
    for (const HeadPattern pattern : AllHeadPatterns)
        figure.panels.push_back(detectorScores(detection, pattern, score));
    return figure;
}

Figure headWithPattern(const std::shared_ptr<const ModelTrace>& trace, int layer, int head,
                       HeadPattern pattern)
{
    const Trace& layerTrace = *trace->layers.at(std::size_t(layer));
    HeatmapSpec spec;
    spec.matrix = layerAttnWeights(*trace, layer, head);
    const DetectionPattern p = detectionPattern(pattern, trace->tokenIds);
    auto cells = std::make_shared<std::vector<std::pair<Eigen::Index, Eigen::Index>>>();
    for (Eigen::Index i = 0; i < p.rows(); ++i)
        for (const std::int64_t j : p.row(i))
            cells->emplace_back(i, Eigen::Index(j));
    spec.outlined = cells;
    spec.tensorName = QStringLiteral("attn_weights");
    spec.title = HeadAnalysisFigures::tr("Layer %1, head %2: its weights, the pattern framed")
                     .arg(layer + 1)
                     .arg(head + 1);
    spec.operation = HeadAnalysisFigures::tr("%1: %2 cells of P are 1")
                         .arg(patternTitle(pattern))
                         .arg(cells->size());
    spec.rowLabels = spec.columnLabels = figures::queryLabels(layerTrace);
    spec.rowAxisTitle = HeadAnalysisFigures::tr("queries");
    spec.columnAxisTitle = HeadAnalysisFigures::tr("keys");
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::KeyTokens;
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::make_pair(0.0f, 1.0f);
    const QString stem = QStringLiteral("13-head_pattern-layer%1-head%2")
                             .arg(figures::fileNumber(layer + 1, trace->layerCount()),
                                  figures::fileNumber(head + 1, trace->headCount()));
    return figures::single(std::move(spec), stem);
}

HeatmapSpec ablationGrid(const AblationGrid& grid, AblationMetric metric)
{
    std::vector<double> values;
    for (const AblationResult& r : grid.results)
        values.push_back(metric == AblationMetric::Kl ? r.kl : r.prediction.loss - grid.base.loss);
    HeatmapSpec spec = layersByHeads(grid.layers, grid.heads, values);
    const bool kl = metric == AblationMetric::Kl;
    spec.tensorName = kl ? QStringLiteral("ablation_kl") : QStringLiteral("ablation_loss_change");
    spec.title = kl ? HeadAnalysisFigures::tr("How far the next token moves: KL(base ‖ ablated)")
                    : HeadAnalysisFigures::tr("What the loss loses: loss(ablated) − loss(base)");
    spec.operation = HeadAnalysisFigures::tr("%1 ablation of each head in turn, base loss %2")
                         .arg(QString::fromLatin1(ablationKindKey(grid.kind)))
                         .arg(grid.base.loss, 0, 'f', 4);
    spec.scheme = kl ? ColorScheme::Sequential : ColorScheme::Diverging;
    spec.decimals = 3;
    const double base = grid.base.loss;
    const std::shared_ptr<const Matrix> matrix = spec.matrix;
    spec.explain = [matrix, base, kl](Eigen::Index row, Eigen::Index col) -> QString {
        const double value = (*matrix)(row, col);
        return kl ? HeadAnalysisFigures::tr("layer %1, head %2 ablated: KL = %3")
                        .arg(row + 1)
                        .arg(col + 1)
                        .arg(value, 0, 'g', 4)
                  : HeadAnalysisFigures::tr("layer %1, head %2 ablated: loss %3 − %4 = %5")
                        .arg(row + 1)
                        .arg(col + 1)
                        .arg(base + value, 0, 'f', 4)
                        .arg(base, 0, 'f', 4)
                        .arg(value, 0, 'f', 4);
    };
    return spec;
}

} // namespace ae::analysisfigures
