#pragma once

#include "ModelRegistry.h"
#include "WalkthroughStep.h"

#include <QCoreApplication>

#include <optional>
#include <vector>

namespace ae {

struct Session;

// The walkthrough's steps: twelve in the seeds' order (Raschka's article and chapter 3 of his
// book): tokens, embeddings, simplified attention, trainable weights, the scores of one
// query, scaling and softmax, the context vector, the causal mask, dropout, multi-head,
// cross-attention and GPT-2 sizes; then four on today's attention (docs/todays-attention.md):
// RoPE, grouped key/value heads, a sliding window and FlashAttention's tiles; and the training
// lab, where an induction head forms (training.md). As data, like
// PageCatalog: a step is an entry here.
// A checkpoint has a walkthrough of its own (ModelWalkthrough.cpp): its tokens, every layer and
// head, a layer's projections, scores, causal weights, context vectors and heads, where one
// token looks, and the next token; its steps change no session.
class WalkthroughCatalog
{
    Q_DECLARE_TR_FUNCTIONS(WalkthroughCatalog)

public:
    static constexpr int DefaultQuery = 1; // x(2), the token both seeds follow

    static std::vector<WalkthroughStep> steps(ModelSource source = ModelSource::SeedModule);
    static std::vector<WalkthroughStep> modelSteps(); // steps(ModelSource::Checkpoint)

    // The session a step shows when the walkthrough starts from `base`: `base` changed by
    // the step's EditSession, `base` itself without an action, the sample for OpenSample
    // (nullopt, with the reason in `error`, when the sample cannot be read).
    // The step's explanation for the chosen query (0-based): steps that follow one query
    // name it ("x(3)") rather than the seeds' x(2).
    static QString explanation(const WalkthroughStep& step, int query);

    static std::optional<Session> sessionFor(const WalkthroughStep& step, const Session& base,
                                             QString* error = nullptr);
    // Which of a page's figures presentation mode shows for `step`: its slideFigure when the
    // page has it (the causal mask's two methods on the weights page), else the first; -1
    // when there is none.
    static int slideIndex(const WalkthroughStep& step, const std::vector<Figure>& pageFigures);

private:
    static void todaysSteps(std::vector<WalkthroughStep>& all);
    // The last step of both walkthroughs: an induction head forming in the training lab,
    // shown beside the page `pageId`.
    static WalkthroughStep inductionFormsStep(const QString& pageId);
};

} // namespace ae
