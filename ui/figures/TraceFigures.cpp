#include "TraceFigures.h"

#include "FlashFigures.h"
#include "HeadsFigures.h"
#include "RopeFigures.h"

#include "CellExplanations.h"
#include "FigureSupport.h"
#include "HeadTensors.h"
#include "HeadViews.h"
#include "SessionEnums.h"
#include "Trace.h"
#include "TraceDerived.h"
#include "ViewExtent.h"

#include <QCoreApplication>

namespace ae::figures {

using namespace support;

QStringList queryLabels(const Trace& trace)
{
    return tokenLabels(trace, false);
}

QStringList keyLabels(const Trace& trace)
{
    return tokenLabels(trace, trace.session.isCross());
}

QString fileStem(int step, const QString& name, const Trace& trace, int head)
{
    QString stem = name.toLower();
    stem.replace(u'-', u'_');
    return QStringLiteral("%1-%2").arg(step, 2, 10, QChar(u'0')).arg(stem) +
           (head >= 0 ? fileHead(trace, head) : QString());
}

QString fileNumber(int number, int count)
{
    return QStringLiteral("%1").arg(number, int(QString::number(std::max(count, number)).size()),
                                    10, QChar(u'0'));
}

namespace {

thread_local bool deferring = false;

std::shared_ptr<const DerivedMatrix> derivedView(const TracePtr& trace, int head, HeadView view)
{
    auto d = std::make_shared<DerivedMatrix>();
    d->rows = trace->queryCount();
    d->columns = trace->keyCount();
    d->reduce = [trace, head, view](Eigen::Index first, Eigen::Index last, int rowBlock,
                                    int columnBlock, bool fractions) {
        return headViewReduced(*trace, head, view, first, last, rowBlock, columnBlock, fractions);
    };
    d->row = [trace, head, view](Eigen::Index row) { return headViewRow(*trace, head, view, row); };
    d->whole = [trace, head, view] { return headViewMatrix(*trace, head, view); };
    return d;
}

// The causal mask's row `row` (S cells): 1 above the diagonal.
// Row `row` of the session's mask (1 = hidden): what visibleKeys() leaves out, the causal mask,
// a sliding window's band, or both.
RowVector maskRow(const HeadOptions& options, Eigen::Index S, Eigen::Index row)
{
    RowVector mask = RowVector::Ones(S);
    const KeyRange visible = visibleKeys(options, row, S);
    mask.segment(visible.first, visible.last - visible.first).setZero();
    return mask;
}

std::shared_ptr<const DerivedMatrix> derivedMask(const TracePtr& trace)
{
    auto d = std::make_shared<DerivedMatrix>();
    const Eigen::Index T = trace->queryCount(), S = trace->keyCount();
    const HeadOptions options = headOptions(*trace, 0);
    d->rows = T;
    d->columns = S;
    d->reduce = [S, options](Eigen::Index first, Eigen::Index last, int rowBlock, int columnBlock,
                             bool fractions) {
        BlockReducer reducer(first, last, S, rowBlock, columnBlock, fractions);
        for (Eigen::Index r = first; r < last; ++r)
            reducer.addRow(r, maskRow(options, S, r).data());
        return reducer.finish();
    };
    d->row = [S, options](Eigen::Index row) { return maskRow(options, S, row); };
    d->whole = [t = trace] { return attentionMask(*t); };
    return d;
}

// Sets a head's T x S view: whole, or derived on demand (DeferredDerivation).
void setHeadView(HeatmapSpec& spec, const TracePtr& trace, int head, HeadView view)
{
    spec.matrix.reset();
    spec.derived.reset();
    spec.reduced.reset();
    if (DeferredDerivation::appliesTo(*trace)) {
        spec.derived = derivedView(trace, head, view);
        if (view == HeadView::Weights) // reduced by the forward already, when it could
            spec.reduced = trace->heads.at(std::size_t(head)).reducedWeights;
        return;
    }
    switch (view) {
    case HeadView::Scores:
        spec.matrix = headTensor(*trace, head, HeadTensor::Scores);
        return;
    case HeadView::Weights:
        spec.matrix = headTensor(*trace, head, HeadTensor::Weights);
        return;
    case HeadView::WeightsDropped:
        spec.matrix = headTensor(*trace, head, HeadTensor::WeightsDropped);
        return;
    default:
        spec.matrix = owned(headViewMatrix(*trace, head, view));
        return;
    }
}

} // namespace

DeferredDerivation::DeferredDerivation() : m_before(deferring)
{
    deferring = true;
}

DeferredDerivation::~DeferredDerivation()
{
    deferring = m_before;
}

bool DeferredDerivation::appliesTo(const Trace& trace)
{
    return deferring && derivesHeadViews(trace);
}

Figure single(HeatmapSpec spec, const QString& name)
{
    Figure figure; // no figure title: the panel's own title says it
    figure.name = name;
    figure.panels.push_back(std::move(spec));
    return figure;
}

HeatmapSpec scores(const TracePtr& trace, int head)
{
    HeatmapSpec spec = attentionSpec(*trace);
    spec.tensorName = QStringLiteral("attn_scores");
    spec.title = TraceFigures::tr("Attention scores ω") + headSuffix(*trace, head);
    setHeadView(spec, trace, head, HeadView::Scores);
    const Matrix& q = headQueries(*trace, head);
    const Matrix& k = headKeys(*trace, head);
    spec.operation = QStringLiteral("%1 : %2·%3 → %4")
                         .arg(trace->session.hasWeights() ? QStringLiteral("ω = Q·Kᵀ")
                                                          : QStringLiteral("ω = X·Xᵀ"),
                              shapeOf(q), shape(k.cols(), k.rows()), cellsShape(*trace));
    spec.explain = [t = trace, head](Eigen::Index r, Eigen::Index c) {
        return explain::score(*t, head, r, c);
    };
    return spec;
}

HeatmapSpec scaledScores(const TracePtr& trace, int head)
{
    HeatmapSpec spec = attentionSpec(*trace);
    spec.tensorName = QStringLiteral("scaled_scores");
    spec.title = TraceFigures::tr("Scaled scores ω / √d_k") + headSuffix(*trace, head);
    setHeadView(spec, trace, head, HeadView::ScaledScores);
    spec.operation =
        trace->session.hasWeights()
            ? QStringLiteral("ω / %1 : %2 → %2").arg(divisorText(*trace), cellsShape(*trace))
            : TraceFigures::tr("simplified attention does not scale : %1").arg(cellsShape(*trace));
    spec.explain = [t = trace, head](Eigen::Index r, Eigen::Index c) {
        return explain::scaledScore(*t, head, r, c);
    };
    return spec;
}

HeatmapSpec causalMask(const TracePtr& trace)
{
    HeatmapSpec spec = attentionSpec(*trace);
    spec.tensorName = QStringLiteral("mask");
    const Session& s = trace->session;
    spec.title = s.window > 0
                     ? TraceFigures::tr("Sliding-window mask of %1 keys (1 = hidden)").arg(s.window)
                 : s.isCross() ? TraceFigures::tr("Causal mask over the source tokens (1 = hidden)")
                               : TraceFigures::tr("Causal mask (1 = hidden)");
    if (DeferredDerivation::appliesTo(*trace))
        spec.derived = derivedMask(trace);
    else
        spec.matrix = owned(attentionMask(*trace));
    const QString T = QString::number(trace->queryCount()), S = QString::number(trace->keyCount());
    const QString triu = QStringLiteral("torch.triu(torch.ones(%1, %2), diagonal=1)").arg(T, S);
    const QString band = s.causal ? QStringLiteral("| torch.tril(torch.ones(%1, %2), diagonal=-%3)")
                                        .arg(T, S)
                                        .arg(s.window)
                                  : QStringLiteral("(|i − j| ≥ %1)").arg(s.window);
    spec.operation = QStringLiteral("%1 : %2").arg(s.window == 0 ? triu
                                                   : s.causal    ? triu + u' ' + band
                                                                 : band,
                                                   shape(trace->queryCount(), trace->keyCount()));
    spec.scheme = ColorScheme::Mask;
    spec.decimals = 0;
    spec.explain = [t = trace](Eigen::Index r, Eigen::Index c) { return explain::mask(*t, r, c); };
    return spec;
}

HeatmapSpec maskedScores(const TracePtr& trace, int head)
{
    HeatmapSpec spec = attentionSpec(*trace);
    spec.tensorName = QStringLiteral("masked_scores");
    spec.title = TraceFigures::tr("Masked scores") + headSuffix(*trace, head);
    setHeadView(spec, trace, head, HeadView::MaskedScores);
    spec.operation = QStringLiteral("ω.masked_fill(mask.bool(), −∞) : %1").arg(cellsShape(*trace));
    spec.explain = [t = trace, head](Eigen::Index r, Eigen::Index c) {
        return explain::maskedScore(*t, head, r, c);
    };
    return spec;
}

HeatmapSpec weights(const TracePtr& trace, int head)
{
    const Session& s = trace->session;
    HeatmapSpec spec = attentionSpec(*trace);
    spec.tensorName = QStringLiteral("attn_weights");
    spec.title = TraceFigures::tr("Attention weights α") + headSuffix(*trace, head);
    setHeadView(spec, trace, head, HeadView::Weights);
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::pair{0.0f, 1.0f}; // for ScaleMode::Fixed
    // Per row: a long causal sentence's rows are far below 1 and would look white on 0-1.
    spec.scale = ScaleMode::PerRow;
    const QString scaled = s.hasWeights() ? QStringLiteral(" / ") + divisorText(*trace) : QString();
    if (!s.causal)
        spec.operation =
            QStringLiteral("α = softmax(ω%1, dim=-1) : %2 → %2").arg(scaled, cellsShape(*trace));
    else if (s.maskMethod == MaskMethod::NegInf)
        spec.operation = QStringLiteral("α = softmax(masked%1, dim=-1) : %2 → %2")
                             .arg(scaled, cellsShape(*trace));
    else
        spec.operation = QStringLiteral("α = normalize_rows(softmax(ω%1) · tril) : %2 → %2")
                             .arg(scaled, cellsShape(*trace));
    spec.explain = [t = trace, head](Eigen::Index r, Eigen::Index c) {
        return explain::weight(*t, head, r, c);
    };
    return spec;
}

Figure maskMethods(const TracePtr& trace, int head)
{
    const bool negInfChosen = trace->session.maskMethod == MaskMethod::NegInf;
    HeatmapSpec chosen = weights(trace, head);
    HeatmapSpec other = chosen;
    setHeadView(other, trace, head, HeadView::OtherMethodWeights);
    other.explain = {};
    HeatmapSpec& negInf = negInfChosen ? chosen : other;
    HeatmapSpec& renorm = negInfChosen ? other : chosen;
    negInf.tensorName = QStringLiteral("attn_weights_neg_inf");
    negInf.title = TraceFigures::tr("Method 2: −∞ before softmax");
    negInf.operation =
        QStringLiteral("softmax(ω.masked_fill(mask, −∞) / %1)").arg(divisorText(*trace));
    renorm.tensorName = QStringLiteral("attn_weights_renormalized");
    renorm.title = TraceFigures::tr("Method 1: softmax, zero, renormalise");
    const bool window = trace->session.window > 0;
    renorm.operation = QStringLiteral("w = softmax(ω / %1) · %2;  w / w.sum(dim=1)")
                           .arg(divisorText(*trace),
                                window ? QStringLiteral("(1 − mask)") : QStringLiteral("tril"));
    Figure figure;
    figure.name = fileStem(5, QStringLiteral("mask_methods"), *trace, head);
    const QString agree =
        (window
             ? TraceFigures::tr(
                   "Both ways of masking the window give the same weights: max |difference| = %1")
             : TraceFigures::tr(
                   "Both causal masking methods give the same weights: max |difference| = %1"))
            .arg(double(maskMethodsMaxDiff(*trace, head)), 0, 'g', 3);
    // T x S: the agreement holds, but the mask pairs query i with source token i by position
    // only, which the banner must not present as an ordinary causal mask.
    figure.title =
        (trace->session.isCross() && trace->session.causal
             ? TraceFigures::tr(
                   "Causal mask on cross-attention: query i sees source tokens 0 to i, paired by "
                   "position, not by meaning. %1")
                   .arg(agree)
             : agree) +
        headSuffix(*trace, head);
    figure.columns = 2;
    figure.panels.push_back(std::move(renorm));
    figure.panels.push_back(std::move(negInf));
    return figure;
}

Figure dropout(const TracePtr& trace, int head)
{
    const HeadTrace& h = headOf(*trace, head);
    const double p = trace->session.dropout;
    const float scale = 1.0f / float(1.0 - p);
    HeatmapSpec keep = attentionSpec(*trace);
    keep.tensorName = QStringLiteral("dropout_mask");
    keep.title = TraceFigures::tr("Dropout keep mask (1 = kept)");
    keep.matrix = shared(trace, h.dropoutMask);
    keep.scheme = ColorScheme::Mask;
    keep.decimals = 0;
    keep.operation = QStringLiteral("bernoulli(1 − %1) : %2").arg(p).arg(shapeOf(h.dropoutMask));
    keep.explain = [t = trace, head](Eigen::Index r, Eigen::Index c) {
        return explain::keep(*t, head, r, c);
    };
    HeatmapSpec before = weights(trace, head);
    before.title = TraceFigures::tr("α before dropout");
    HeatmapSpec after = weights(trace, head);
    after.tensorName = QStringLiteral("attn_weights_dropped");
    // Short: the caption below it and the figure's title give the factor; beside two other
    // panels a longer title was elided ("α after dropout (kept weight…").
    after.title = TraceFigures::tr("α after dropout");
    setHeadView(after, trace, head, HeadView::WeightsDropped);
    after.range.reset();
    after.operation = QStringLiteral("α · keep / (1 − %1) = α · keep · %2 : %3")
                          .arg(p)
                          .arg(double(scale), 0, 'f', 4)
                          .arg(cellsShape(*trace));
    after.explain = [t = trace, head](Eigen::Index r, Eigen::Index c) {
        return explain::dropped(*t, head, r, c);
    };
    Figure figure;
    figure.name = fileStem(6, QStringLiteral("dropout"), *trace, head);
    figure.title = TraceFigures::tr("Dropout on the attention weights (training, p = %1): kept "
                                    "weights are scaled by 1/(1 − p) = %2")
                       .arg(p)
                       .arg(double(scale), 0, 'f', 4) +
                   headSuffix(*trace, head);
    figure.columns = 3;
    figure.panels = {std::move(keep), std::move(before), std::move(after)};
    return figure;
}

HeatmapSpec context(const TracePtr& trace, int head)
{
    const HeadTrace& h = headOf(*trace, head);
    const bool drop = h.dropoutMask.size() > 0;
    const Matrix& v = headValues(*trace, head);
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("context_vec");
    spec.title = TraceFigures::tr("Context vectors z") + headSuffix(*trace, head);
    spec.matrix = shared(trace, h.contextVec);
    spec.operation =
        QStringLiteral("z = %1·%2 : %3·%4 → %5")
            .arg(drop ? QStringLiteral("α_dropped") : QStringLiteral("α"),
                 trace->session.hasWeights() ? QStringLiteral("V") : QStringLiteral("X"),
                 cellsShape(*trace), shapeOf(v), shapeOf(h.contextVec));
    spec.rowLabels = queryLabels(*trace);
    spec.columnLabels = indexLabels(h.contextVec.cols());
    spec.rowAxisTitle = queryAxisTitle(*trace);
    spec.columnAxisTitle = TraceFigures::tr("dimension");
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::Features;
    spec.explain = [t = trace, head](Eigen::Index r, Eigen::Index c) {
        return explain::context(*t, head, r, c);
    };
    return spec;
}

Figure output(const TracePtr& trace)
{
    const Trace& t = *trace;
    Figure figure;
    figure.name = fileStem(9, QStringLiteral("output"), t);
    const bool multi = t.session.variant == Variant::MultiHead;
    const int heads = int(t.heads.size());
    HeatmapSpec concat;
    // A model's layer keeps its heads' contexts only: concatenated for this figure.
    concat.matrix = multi ? headsConcatenatedShared(trace) : shared(trace, t.contextVec);
    const Matrix& concatenated = *concat.matrix;
    concat.tensorName = multi ? QStringLiteral("context_vec_heads") : QStringLiteral("context_vec");
    concat.title =
        heads > 1 ? TraceFigures::tr("Heads concatenated") : TraceFigures::tr("Context vectors z");
    concat.operation = heads > 1
                           ? QStringLiteral("torch.cat([z_1 … z_%1], dim=-1) : %1 × %2 → %3")
                                 .arg(heads)
                                 .arg(shapeOf(t.heads.front().contextVec), shapeOf(concatenated))
                           : shapeOf(concatenated);
    concat.rowLabels = queryLabels(t);
    concat.columnLabels = indexLabels(concatenated.cols());
    concat.rowAxisTitle = queryAxisTitle(t);
    concat.columnAxisTitle = TraceFigures::tr("dimension");
    concat.rowAxis = AxisKind::QueryTokens;
    concat.columnAxis = AxisKind::Features;
    figure.panels.push_back(concat);
    if (multi) {
        HeatmapSpec w;
        w.tensorName = QStringLiteral("out_proj_weight");
        w.title = QStringLiteral("out_proj");
        w.matrix = shared(trace, t.params().outProjWeight);
        w.operation = TraceFigures::tr("nn.Linear(%1, %1) weight, transposed : %2")
                          .arg(t.params().outProjWeight.rows())
                          .arg(shapeOf(t.params().outProjWeight));
        w.rowLabels = indexLabels(t.params().outProjWeight.rows());
        w.columnLabels = indexLabels(t.params().outProjWeight.cols());
        w.rowAxis = w.columnAxis = AxisKind::Features;
        figure.panels.push_back(std::move(w));
        HeatmapSpec out = concat;
        out.tensorName = QStringLiteral("context_vec");
        out.title = TraceFigures::tr("Output");
        out.matrix = shared(trace, t.contextVec);
        out.operation = QStringLiteral("out = concat·W_o + b : %1·%2 → %3")
                            .arg(shapeOf(concatenated), shapeOf(t.params().outProjWeight),
                                 shapeOf(t.contextVec));
        out.explain = [trace](Eigen::Index r, Eigen::Index c) {
            return explain::output(*trace, r, c);
        };
        figure.panels.push_back(std::move(out));
    }
    figure.title = multi ? TraceFigures::tr("Concatenation and out_proj")
                         : TraceFigures::tr("The module's output");
    figure.columns = int(figure.panels.size());
    return figure;
}

std::vector<Figure> allFigures(const TracePtr& trace)
{
    const Trace& t = *trace;
    std::vector<Figure> all;
    if (t.session.positional != Positional::None) {
        all.push_back(
            single(tokenEmbeddings(trace), fileStem(1, QStringLiteral("token_embeddings"), t)));
        all.push_back(single(positionalEmbeddings(trace),
                             fileStem(1, QStringLiteral("positional_embeddings"), t)));
    }
    all.push_back(single(embeddings(trace), fileStem(1, QStringLiteral("embeddings"), t)));
    if (t.session.isCross())
        all.push_back(
            single(sourceEmbeddings(trace), fileStem(1, QStringLiteral("source_embeddings"), t)));
    for (int h = 0; h < int(t.heads.size()); ++h) {
        if (t.session.hasWeights()) {
            all.push_back(projectionWeights(trace, h));
            all.push_back(projections(trace, h));
        }
        if (t.session.rope) {
            if (h == 0)
                all.push_back(
                    single(ropeAngles(trace), fileStem(2, QStringLiteral("rope_angles"), t)));
            all.push_back(ropeQueries(trace, h));
            all.push_back(ropeKeys(trace, h));
            all.push_back(
                single(ropeRelative(trace, h), fileStem(2, QStringLiteral("rope_relative"), t, h)));
        }
        all.push_back(single(scores(trace, h), fileStem(3, QStringLiteral("attn_scores"), t, h)));
        if (t.session.hasWeights())
            all.push_back(
                single(scaledScores(trace, h), fileStem(3, QStringLiteral("scaled_scores"), t, h)));
        if (t.session.masked()) {
            if (h == 0)
                all.push_back(single(causalMask(trace), fileStem(4, QStringLiteral("mask"), t)));
            all.push_back(
                single(maskedScores(trace, h), fileStem(4, QStringLiteral("masked_scores"), t, h)));
        }
        all.push_back(single(weights(trace, h), fileStem(5, QStringLiteral("attn_weights"), t, h)));
        if (t.session.masked())
            all.push_back(maskMethods(trace, h));
        if (t.session.dropoutActive())
            all.push_back(dropout(trace, h));
        all.push_back(single(context(trace, h), fileStem(7, QStringLiteral("context_vec"), t, h)));
        if (t.heads[std::size_t(h)].flash) {
            // Every tile of an article-size session; a long text's hundreds are for the page.
            if (flashTileCount(t, h) <= MaxExportedFlashTiles)
                for (int step = 0; step < flashTileCount(t, h); ++step)
                    all.push_back(flashTile(trace, h, step));
            all.push_back(flashResult(trace, h));
        }
    }
    if (t.heads.size() > 1)
        all.push_back(headGrid(trace));
    if (t.session.variant == Variant::MultiHead)
        all.push_back(single(kvCache(trace), fileStem(8, QStringLiteral("kv_cache"), t)));
    all.push_back(output(trace));
    return all;
}

} // namespace ae::figures
