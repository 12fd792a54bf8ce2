#pragma once

#include "DeckSlidePainter.h"
#include "WalkthroughStep.h"

#include <QCoreApplication>

#include <memory>
#include <vector>

namespace ae {

struct ModelRun;
struct Trace;

// The deck of a model session (a GPT-2 checkpoint): the walkthrough's steps that a layer of a
// trained model can show, all on the chosen layer's trace, and the model's own pages.
//   kept:    tokens, trainable weights, scores, scaling, context, causal mask, multi-head;
//   left out (on purpose, not by failure): embeddings (a layer's inputs are LN1 of the
//            residual stream, not an embedding lookup), simplified attention (a checkpoint
//            always projects with its weights), dropout (GPT-2 in eval mode has none), and
//            cross-attention and GPT-2 sizes (they open samples of the random module, which
//            would leave the model the deck is about);
//   added:   every layer and head (the model view), after the tokens; where the last token
//            attends head by head (the head view) and the next tokens, at the end.
// The steps' slides say which layer and checkpoint they show.
class ModelDeck
{
    Q_DECLARE_TR_FUNCTIONS(ModelDeck)

public:
    ModelDeck(std::shared_ptr<const ModelRun> run, std::shared_ptr<const Trace> layerTrace,
              int layer);

    static bool showsStep(const WalkthroughStep& step);
    static int pageCount();

    // Slide `index` (0 ... pageCount() - 1) with its number and total set; `query` as the
    // walkthrough's (clamped). Fills the slide's content, not its footer.
    DeckSlide slide(int index, int query) const;

private:
    DeckSlide modelView() const;
    DeckSlide headView() const;
    DeckSlide nextTokens() const;

    std::shared_ptr<const ModelRun> m_run;
    std::shared_ptr<const Trace> m_layerTrace;
    int m_layer;
    std::vector<WalkthroughStep> m_steps; // the steps kept, in the walkthrough's order
};

} // namespace ae
