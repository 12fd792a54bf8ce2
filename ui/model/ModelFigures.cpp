#include "ModelFigures.h"

#include "AttentionThumbnails.h"
#include "CellExplanations.h"
#include "HeadAnalysisFigures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "TokenSpanText.h"
#include "TraceFigures.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ae::modelfigures {

namespace {

// The translation context of these figures (a struct: lupdate files a free tr() under the
// enclosing namespace, where the translations would never be looked up).
struct ModelFigures
{
    Q_DECLARE_TR_FUNCTIONS(ModelFigures)
};

QString tokenText(const ModelTrace& trace, int position)
{
    return visibleTokenText(modelTokenBytes(*trace.model, trace.tokenIds[std::size_t(position)]));
}

// Row `query` of every head's weights in `layer` (query + 1 each).
std::vector<RowVector> queryRows(const ModelTrace& trace, int layer, int query)
{
    std::vector<RowVector> rows;
    for (int h = 0; h < trace.headCount(); ++h)
        rows.push_back(layerAttnRow(trace, layer, h, query));
    return rows;
}

bool picksKeys(int query, HeadViewKeys keys, int maxKeys)
{
    return keys == HeadViewKeys::Strongest && query + 1 > maxKeys;
}

// headViewKeys() from the rows of queryRows() (needed only when picksKeys()).
std::vector<int> shownKeys(const std::vector<RowVector>& rows, int query, HeadViewKeys keys,
                           int maxKeys)
{
    std::vector<int> all(std::size_t(query) + 1);
    std::iota(all.begin(), all.end(), 0);
    if (!picksKeys(query, keys, maxKeys))
        return all;
    const auto strongest =
        std::min(all.size(), std::size_t(strongestPerHead(int(rows.size()), maxKeys)));
    std::vector<bool> chosen(all.size(), false);
    for (const RowVector& row : rows) {
        std::vector<int> order = all;
        // Ties go to the earlier key, so that the choice never depends on the sort.
        std::partial_sort(
            order.begin(), order.begin() + std::ptrdiff_t(strongest), order.end(),
            [&row](int a, int b) { return row(a) > row(b) || (row(a) == row(b) && a < b); });
        for (std::size_t i = 0; i < strongest; ++i)
            chosen[std::size_t(order[i])] = true;
    }
    std::vector<int> shown;
    for (const int key : all)
        if (chosen[std::size_t(key)])
            shown.push_back(key);
    return shown;
}

} // namespace

int strongestPerHead(int heads, int maxKeys)
{
    return std::clamp(maxKeys / std::max(heads, 1), 2, 8);
}

std::vector<int> headViewKeys(const ModelTrace& trace, int layer, int query, HeadViewKeys keys,
                              int maxKeys)
{
    return shownKeys(picksKeys(query, keys, maxKeys) ? queryRows(trace, layer, query)
                                                     : std::vector<RowVector>{},
                     query, keys, maxKeys);
}

Figure modelView(const ModelTrace& trace, const std::vector<Matrix>& thumbnails)
{
    const int heads = trace.headCount();
    Figure figure;
    figure.name = QStringLiteral("00-model_view_attn_weights");
    figure.title = ModelFigures::tr(
        "Attention weights of every layer and head (each row scaled to its maximum)");
    figure.columns = heads;
    for (int h = 1; h <= heads; ++h)
        figure.gridColumns << ModelFigures::tr("Head %1").arg(h);
    for (int l = 1; l <= trace.layerCount(); ++l)
        figure.gridRows << ModelFigures::tr("Layer %1").arg(l);
    for (std::size_t i = 0; i < thumbnails.size(); ++i) {
        const int layer = int(i) / heads + 1, head = int(i) % heads + 1;
        HeatmapSpec spec;
        spec.tensorName = QStringLiteral("attn_weights_l%1_h%2").arg(layer).arg(head);
        spec.title = ModelFigures::tr("L%1 H%2").arg(layer).arg(head);
        spec.matrix = std::make_shared<const Matrix>(thumbnails[i]);
        spec.scheme = ColorScheme::Sequential;
        spec.range = std::make_pair(0.0f, 1.0f);
        spec.decimals = 2;
        figure.panels.push_back(std::move(spec));
    }
    return figure;
}

Figure headView(const ModelTrace& trace, int layer, int query, HeadViewKeys keys)
{
    const int heads = trace.headCount();
    // Each head's row once (a 64-row block of its weights derived on this thread): the keys
    // shown and the figure both read them.
    const std::vector<RowVector> rows = queryRows(trace, layer, query);
    const std::vector<int> shown = shownKeys(rows, query, keys, MaxHeadViewKeys);
    const bool all = int(shown.size()) == query + 1;
    auto weights = std::make_shared<Matrix>(heads, Eigen::Index(shown.size()));
    HeatmapSpec spec;
    for (int h = 0; h < heads; ++h) {
        const RowVector& row = rows[std::size_t(h)];
        float share = 0;
        for (std::size_t j = 0; j < shown.size(); ++j) {
            (*weights)(h, Eigen::Index(j)) = row(shown[j]);
            share += row(shown[j]);
        }
        spec.rowLabels << (all ? ModelFigures::tr("head %1").arg(h + 1)
                               : ModelFigures::tr("head %1 · %2 %")
                                     .arg(h + 1)
                                     .arg(std::round(share * 100.0f)));
    }
    for (const int key : shown)
        spec.columnLabels << (all ? tokenText(trace, key)
                                  : QStringLiteral("%1 %2").arg(key + 1).arg(
                                        tokenText(trace, key)));
    spec.tensorName = QStringLiteral("attn_weights_query%1").arg(query + 1);
    spec.title = ModelFigures::tr("Layer %1: where \"%2\" (token %3) attends, per head")
                     .arg(layer + 1)
                     .arg(tokenText(trace, query))
                     .arg(query + 1);
    spec.operation =
        all ? ModelFigures::tr("row %1 of softmax(q·kᵀ / √%2) of every head : (%3 heads × %4 keys)")
                  .arg(query + 1)
                  .arg(trace.headDim())
                  .arg(heads)
                  .arg(query + 1)
            : ModelFigures::tr("row %1 of softmax(q·kᵀ / √%2), the %3 keys some head weighs among "
                               "its %4 strongest, of %5 : (%6 heads × %3 keys)")
                  .arg(query + 1)
                  .arg(trace.headDim())
                  .arg(shown.size())
                  .arg(strongestPerHead(heads))
                  .arg(query + 1)
                  .arg(heads);
    spec.matrix = weights;
    // The layer's own arithmetic, as the step pages explain a weight.
    spec.explain = [layerTrace = trace.layers[std::size_t(layer)], query, shown](Eigen::Index r,
                                                                                 Eigen::Index c) {
        return explain::weight(*layerTrace, int(r), query, shown[std::size_t(c)]);
    };
    spec.rowAxisTitle = ModelFigures::tr("head");
    spec.columnAxisTitle =
        all ? ModelFigures::tr("key token") : ModelFigures::tr("key token (position and text)");
    spec.columnAxis = AxisKind::KeyTokens;
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::make_pair(0.0f, 1.0f);
    spec.scale = ScaleMode::PerRow;
    Figure figure;
    figure.name =
        withLayer(QStringLiteral("10-head_view_attn_weights"), layer, trace.layerCount()) +
        QStringLiteral("-query") + figures::fileNumber(query + 1, int(trace.tokenCount()));
    figure.panels.push_back(std::move(spec));
    return figure;
}

Figure nextTokens(const TransformerModel& model, const std::vector<NextToken>& shown,
                  double temperature)
{
    auto probs = std::make_shared<Matrix>(Eigen::Index(shown.size()), 1);
    HeatmapSpec spec;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        (*probs)(Eigen::Index(i), 0) = shown[i].prob;
        spec.rowLabels << visibleTokenText(modelTokenBytes(model, shown[i].id));
    }
    spec.tensorName = QStringLiteral("next_token_probs");
    spec.title = ModelFigures::tr("Next-token probabilities (temperature %1)").arg(temperature);
    spec.operation = ModelFigures::tr("softmax(logits / %1), the ten largest").arg(temperature);
    spec.matrix = probs;
    spec.columnLabels << ModelFigures::tr("probability");
    spec.rowAxisTitle = ModelFigures::tr("next token");
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::make_pair(0.0f, 1.0f);
    spec.scale = ScaleMode::Fixed;
    return figures::single(std::move(spec), QStringLiteral("11-next_token_probs"));
}

QString withLayer(const QString& stem, int layer, int layers)
{
    static const QRegularExpression head(QStringLiteral("-head\\d+$"));
    const QString field = QStringLiteral("-layer") + figures::fileNumber(layer + 1, layers);
    const QRegularExpressionMatch match = head.match(stem);
    if (!match.hasMatch())
        return stem + field;
    return stem.left(match.capturedStart()) + field + match.captured();
}

std::vector<Figure> layerFigures(const std::shared_ptr<const Trace>& layerTrace, int layer,
                                 int layers)
{
    std::vector<Figure> figures;
    for (Figure& figure : figures::allFigures(layerTrace)) {
        if (figure.name.startsWith(QLatin1StringView("01-")))
            continue;
        figure.name = withLayer(figure.name, layer, layers);
        figures.push_back(std::move(figure));
    }
    return figures;
}

std::vector<Figure> allFigures(const ModelRun& run, int layer)
{
    const ModelTrace& trace = *run.trace;
    if (trace.isSeedModule())
        return figures::allFigures(trace.layers.front());
    std::vector<Figure> all{modelView(trace, attentionThumbnails(trace, ThumbnailSide).heads)};
    for (Figure& figure : layerFigures(trace.layers[std::size_t(layer)], layer, trace.layerCount()))
        all.push_back(std::move(figure));
    if (trace.tokenCount() > 0)
        all.push_back(headView(trace, layer, int(trace.tokenCount()) - 1, HeadViewKeys::Strongest));
    all.push_back(nextTokens(*trace.model, trace.nextTokens, 1.0));
    // What the heads do (the head roles page): every head scored, and the layer's best
    // induction head with its pattern framed.
    if (const std::optional<HeadDetection> detection = detectHeads(trace)) {
        all.push_back(analysisfigures::detectors(*detection, analysisfigures::DetectorScore::Mul));
        int best = 0;
        for (int h = 1; h < detection->heads; ++h)
            if (detection->at(HeadPattern::Induction, layer, h).mul >
                detection->at(HeadPattern::Induction, layer, best).mul)
                best = h;
        all.push_back(
            analysisfigures::headWithPattern(run.trace, layer, best, HeadPattern::Induction));
    }
    return all;
}

} // namespace ae::modelfigures
