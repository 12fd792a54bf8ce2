#include "TrainingFigures.h"

#include "HeadDetectors.h"
#include "Trainer.h"

#include <QCoreApplication>

namespace ae::trainingfigures {

namespace {

// The translation context of this file's messages.
struct TrainingFigures
{
    Q_DECLARE_TR_FUNCTIONS(TrainingFigures)
};

HeatmapSpec headSpec(const std::shared_ptr<const ProbeSnapshot>& snapshot, int l, int h,
                     const QStringList& tokens)
{
    const Matrix& weights = snapshot->weights(l, h);
    const Eigen::Index T = weights.rows();
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("attn_weights");
    spec.title = TrainingFigures::tr("Layer %1, head %2").arg(l + 1).arg(h + 1);
    spec.operation = TrainingFigures::tr("softmax(q·kᵀ/√d_h + causal mask) : (%1×%1)").arg(T);
    spec.matrix = std::shared_ptr<const Matrix>(snapshot, &weights);
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::pair(0.0f, 1.0f);
    spec.rowLabels = spec.columnLabels = tokens.mid(0, int(T));
    spec.rowAxisTitle = TrainingFigures::tr("query position");
    spec.columnAxisTitle = TrainingFigures::tr("key position");
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::KeyTokens;
    spec.explain = [snapshot, l, h](Eigen::Index i, Eigen::Index j) {
        const float a = snapshot->weights(l, h)(i, j);
        return j > i ? TrainingFigures::tr("key %1 comes after query %2: masked, weight 0")
                           .arg(j)
                           .arg(i)
                     : TrainingFigures::tr("α[%1, %2] = %3: query %1 gives key %2 this share of "
                                           "its attention (its row sums to 1)")
                           .arg(i)
                           .arg(j)
                           .arg(double(a), 0, 'f', 4);
    };
    return spec;
}

} // namespace

Figure probeAttention(const std::shared_ptr<const ProbeSnapshot>& snapshot,
                      const QStringList& tokens)
{
    Figure figure;
    figure.name = QStringLiteral("training-probe_attention-step%1").arg(snapshot->step);
    figure.title =
        TrainingFigures::tr("Attention on the probe after %n step(s)", nullptr, snapshot->step);
    figure.columns = snapshot->heads;
    for (int l = 0; l < snapshot->layers; ++l)
        figure.gridRows << TrainingFigures::tr("Layer %1").arg(l + 1);
    for (int h = 0; h < snapshot->heads; ++h)
        figure.gridColumns << TrainingFigures::tr("Head %1").arg(h + 1);
    for (int l = 0; l < snapshot->layers; ++l)
        for (int h = 0; h < snapshot->heads; ++h)
            figure.panels.push_back(headSpec(snapshot, l, h, tokens));
    return figure;
}

Figure probeHead(const std::shared_ptr<const ProbeSnapshot>& snapshot, int layer, int head,
                 const QStringList& tokens)
{
    Figure figure;
    figure.name = QStringLiteral("training-probe_head-layer%1-head%2-step%3")
                      .arg(layer + 1)
                      .arg(head + 1)
                      .arg(snapshot->step);
    HeatmapSpec spec = headSpec(snapshot, layer, head, tokens);
    const double score = snapshot->detection.at(HeadPattern::Induction, layer, head).mul;
    spec.title = TrainingFigures::tr("Layer %1, head %2 after %3 steps · induction score %4")
                     .arg(layer + 1)
                     .arg(head + 1)
                     .arg(snapshot->step)
                     .arg(score, 0, 'f', 2);
    const DetectionPattern pattern = detectionPattern(HeadPattern::Induction, snapshot->tokenIds);
    auto cells = std::make_shared<std::vector<std::pair<Eigen::Index, Eigen::Index>>>();
    for (Eigen::Index i = 0; i < pattern.rows(); ++i)
        for (const std::int64_t j : pattern.row(i))
            cells->emplace_back(i, Eigen::Index(j));
    spec.outlined = std::move(cells);
    figure.panels.push_back(std::move(spec));
    return figure;
}

} // namespace ae::trainingfigures
