#include "ModelDeck.h"

#include "AttentionThumbnails.h"
#include "FormulaText.h"
#include "ModelFigures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "ModelViewPage.h"
#include "Trace.h"
#include "TransformerModel.h"
#include "WalkthroughCatalog.h"

#include <QFileInfo>

namespace ae {

namespace {

// The slides of the model's own pages: the model view after the first step, the head view
// and the next tokens after the last.
constexpr int ModelViewIndex = 1;
constexpr int TrailingPages = 2;

} // namespace

ModelDeck::ModelDeck(std::shared_ptr<const ModelRun> run, std::shared_ptr<const Trace> layerTrace,
                     int layer)
    : m_run(std::move(run)), m_layerTrace(std::move(layerTrace)), m_layer(layer)
{
    for (WalkthroughStep& step : WalkthroughCatalog::steps())
        if (showsStep(step))
            m_steps.push_back(std::move(step));
}

bool ModelDeck::showsStep(const WalkthroughStep& step)
{
    static const QStringList kept{QStringLiteral("tokens"),    QStringLiteral("trainable-weights"),
                                  QStringLiteral("scores"),    QStringLiteral("scaling"),
                                  QStringLiteral("context"),   QStringLiteral("causal-mask"),
                                  QStringLiteral("multi-head")};
    return kept.contains(step.id);
}

int ModelDeck::pageCount()
{
    int steps = 0;
    for (const WalkthroughStep& step : WalkthroughCatalog::steps())
        steps += showsStep(step) ? 1 : 0;
    return steps + 1 + TrailingPages;
}

DeckSlide ModelDeck::slide(int index, int query) const
{
    const int steps = int(m_steps.size());
    DeckSlide slide;
    if (index == ModelViewIndex)
        slide = modelView();
    else if (index == steps + 1)
        slide = headView();
    else if (index == steps + 2)
        slide = nextTokens();
    else {
        const WalkthroughStep& step =
            m_steps[std::size_t(index < ModelViewIndex ? index : index - 1)];
        const Trace& trace = *m_layerTrace;
        query = int(formula::clampedQuery(trace, query));
        slide.title = step.title;
        slide.explanation = WalkthroughCatalog::explanation(step, query);
        slide.extra = step.extra;
        const QString note = step.note ? step.note(trace) : QString();
        const QString here =
            tr("Here: layer %1 of %2 of the checkpoint %3 (%4, its own weights), head 1.")
                .arg(m_layer + 1)
                .arg(m_run->trace->layers.size())
                .arg(QFileInfo(QString::fromStdString(m_run->trace->model->path())).fileName(),
                     modelFamilyTitle(m_run->trace->model->config()));
        slide.note = note.isEmpty() ? here : note + u' ' + here;
        slide.formula = step.formula(trace, query);
        if (step.figures)
            slide.figures = step.figures(m_layerTrace);
        if (step.usesQuery)
            slide.highlightQuery = query;
    }
    slide.trace = m_layerTrace;
    slide.number = index + 1;
    slide.total = pageCount();
    return slide;
}

DeckSlide ModelDeck::modelView() const
{
    const ModelTrace& trace = *m_run->trace;
    DeckSlide slide;
    slide.title = tr("Every layer and head of the model");
    slide.explanation =
        tr("A trained model has %1 layers of %2 heads, each with its own attention weights. "
           "Each thumbnail is one head: queries down, keys across, each row scaled to its "
           "maximum, so the darkest cell of a row is where that query looks most. Heads that "
           "look at the previous token show a line under the diagonal; heads that look at the "
           "first token, a dark first column.")
            .arg(trace.layers.size())
            .arg(trace.headCount());
    slide.formula = tr("α(l, h) = softmax(q·kᵀ / √%1) with the causal mask, per layer l and head "
                       "h\nthumbnail = the largest α of each block, each row / its maximum")
                        .arg(trace.headDim());
    slide.figures = {
        modelfigures::modelView(trace, attentionThumbnails(trace, ModelViewPage::ThumbnailSide))};
    return slide;
}

DeckSlide ModelDeck::headView() const
{
    const ModelTrace& trace = *m_run->trace;
    const int last = int(trace.tokenCount()) - 1;
    DeckSlide slide;
    slide.title = tr("Where the last token looks, head by head");
    slide.explanation =
        tr("The last token is the one whose next token the model predicts. Each row is a head "
           "of layer %1, each column a token it may see, each row on its own scale: heads rarely "
           "agree. With many tokens only each head's strongest keys are shown; a row's label "
           "then says which share of that head's attention they hold.")
            .arg(m_layer + 1);
    slide.formula = tr("α(%1, j) = softmax_j(q(%1)·k(j)ᵀ / √%2), j ≤ %1, for every head of "
                       "layer %3")
                        .arg(last + 1)
                        .arg(trace.headDim())
                        .arg(m_layer + 1);
    if (last >= 0)
        slide.figures = {
            modelfigures::headView(trace, m_layer, last, modelfigures::HeadViewKeys::Strongest)};
    return slide;
}

DeckSlide ModelDeck::nextTokens() const
{
    const ModelTrace& trace = *m_run->trace;
    const TransformerConfig& c = trace.model->config();
    DeckSlide slide;
    slide.title = tr("The next token");
    slide.explanation =
        tr("After every layer's attention and MLP and the final LayerNorm, the last token's "
           "hidden state times the token embedding table gives one logit per token of the "
           "vocabulary; softmax turns them into probabilities. These are the ten most likely "
           "(␣ is a space).");
    slide.formula = tr("logits = LN_f(x(%1))·W_teᵀ : (1×%2)·(%2×%3) → (1×%3)\np = "
                       "softmax(logits)")
                        .arg(trace.tokenCount())
                        .arg(c.nEmbd)
                        .arg(c.vocabSize);
    slide.figures = {modelfigures::nextTokens(*trace.model, trace.nextTokens, 1.0)};
    return slide;
}

} // namespace ae
