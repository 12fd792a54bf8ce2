// The walkthrough of a checkpoint (WalkthroughCatalog::steps(ModelSource::Checkpoint)): the
// steps a trained model's layer shows, each explained as the model computes it (its tokenizer,
// LN1 of the residual stream, the layer's fused projection, the causal mask, the heads, the
// output projection, the next token), never as the seed module's random weights would be.
#include "WalkthroughCatalog.h"

#include "HeadDetectors.h"
#include "HeadTensors.h"
#include "SelfAttentionFormulas.h"
#include "StepFigures.h"
#include "Trace.h"
#include "VariantFormulas.h"

#include <QFileInfo>
#include <QStringList>

namespace ae {

namespace {

int headDim(const Trace& trace)
{
    return trace.heads.empty() ? 0 : int(trace.heads.front().queries.cols());
}

QString checkpointNote(const Trace& trace)
{
    return WalkthroughCatalog::tr("Here: the checkpoint %1, d = %2, %3 heads of %4 dimensions, "
                                  "a vocabulary of %5 tokens.")
        .arg(QFileInfo(QString::fromStdString(trace.session.model)).fileName())
        .arg(trace.session.dIn)
        .arg(trace.heads.size())
        .arg(headDim(trace))
        .arg(trace.session.vocabSize);
}

QString modelViewFormula(const Trace& trace, int)
{
    return WalkthroughCatalog::tr("α(l, h) = softmax(q·kᵀ / √%1) with the causal mask, per layer l "
                                  "and head h\nthumbnail = the largest α of each block, each row "
                                  "/ its maximum")
        .arg(headDim(trace));
}

QString headViewFormula(const Trace& trace, int query)
{
    return WalkthroughCatalog::tr("α(%1, j) = softmax_j(q(%1)·k(j)ᵀ / √%2), j ≤ %1, for every head "
                                  "of the layer")
        .arg(query + 1)
        .arg(headDim(trace));
}

QString nextTokenFormula(const Trace& trace, int)
{
    return WalkthroughCatalog::tr("logits = LN_f(x(%1))·W_outᵀ : (1×%2)·(%2×%3) → (1×%3)\n"
                                  "p = softmax(logits)")
        .arg(trace.queryCount())
        .arg(trace.session.dIn)
        .arg(trace.session.vocabSize);
}

// Above this many tokens the step names the detectors only: scoring a layer's heads derives
// every head's T x T weights, which the head roles page does off the GUI thread.
constexpr Eigen::Index MaxScoredTokens = 256;

// The detectors' patterns, and this layer's best previous-token and induction heads.
QString headRolesFormula(const Trace& trace, int)
{
    QStringList lines;
    lines << WalkthroughCatalog::tr("previous token: P[i, i−1] = 1")
          << WalkthroughCatalog::tr("induction: P[i, j] = 1 when token j−1 = token i")
          << WalkthroughCatalog::tr("score = Σ(α ⊙ P) / Σα: the share of a head's attention on P");
    const Eigen::Index T = trace.queryCount();
    if (T < 2 || T > MaxScoredTokens || trace.tokenIds.size() != std::size_t(T))
        return lines.join(u'\n');
    for (const HeadPattern pattern : {HeadPattern::PreviousToken, HeadPattern::Induction}) {
        const DetectionPattern p = detectionPattern(pattern, trace.tokenIds);
        int best = 0;
        double bestScore = -1;
        for (int h = 0; h < int(trace.heads.size()); ++h) {
            const double score =
                scoreWeights(*headTensor(trace, h, HeadTensor::Weights), p, {}).mul;
            if (score > bestScore) {
                bestScore = score;
                best = h;
            }
        }
        lines << (pattern == HeadPattern::PreviousToken
                      ? WalkthroughCatalog::tr("this layer's best previous-token head: %1 (%2)")
                      : WalkthroughCatalog::tr("this layer's best induction head: %1 (%2)"))
                     .arg(best + 1)
                     .arg(bestScore, 0, 'f', 3);
    }
    return lines.join(u'\n');
}

} // namespace

std::vector<WalkthroughStep> WalkthroughCatalog::modelSteps()
{
    using F = SelfAttentionFormulas;
    using V = VariantFormulas;
    using S = StepFigures;
    std::vector<WalkthroughStep> all;
    all.push_back({QStringLiteral("tokens"),
                   tr("The model's tokens"),
                   tr("A trained model reads the text with its own tokenizer: a byte-pair "
                      "encoding (GPT-2's, or the one in a model's tokenizer.json) cuts the text "
                      "into words, spaces and punctuation and merges their bytes into the pieces "
                      "it learned, so every token is an id in a fixed vocabulary, and an unknown "
                      "word is spelled with smaller pieces. A leading space belongs to the word "
                      "(␣)."),
                   QStringLiteral("tokens"),
                   std::monostate{},
                   false,
                   StepExtra::TokenStrip,
                   checkpointNote,
                   F::tokens,
                   {}});
    all.push_back({QStringLiteral("model-view"),
                   tr("Every layer and head of the model"),
                   tr("The model has several layers of several heads, each with its own attention "
                      "weights. Each thumbnail is one head: queries down, keys across, each row "
                      "scaled to its maximum, so the darkest cell of a row is where that query "
                      "looks most. Heads that look at the previous token show a line under the "
                      "diagonal; heads that look at the first token, a dark first column. Click "
                      "one to open its layer and head."),
                   QStringLiteral("model_view"),
                   std::monostate{},
                   false,
                   StepExtra::None,
                   {},
                   modelViewFormula,
                   {}});
    all.push_back({QStringLiteral("trainable-weights"),
                   tr("The layer's queries, keys and values"),
                   tr("A block does not read embeddings: its input is the residual stream (the "
                      "token and position embeddings plus what every earlier block added), "
                      "normalised by LayerNorm (LN₁). One trained linear layer projects each row "
                      "at once into the queries, keys and values of every head (x·W + b); each "
                      "head takes its own slice of the columns. The pages show one head's share."),
                   QStringLiteral("projections"),
                   std::monostate{},
                   true,
                   StepExtra::None,
                   {},
                   F::projections,
                   S::projections});
    all.push_back({QStringLiteral("scores"),
                   tr("The scores ω of one query"),
                   tr("Take one token as the query: here token %1, chosen below. Its scores are "
                      "the dot products of its query with every key, ω(%1, j) = q(%1)·k(j): "
                      "how well what it looks for matches what each token offers, with the "
                      "model's trained weights."),
                   QStringLiteral("scores"),
                   std::monostate{},
                   true,
                   StepExtra::None,
                   {},
                   F::scores,
                   S::scores});
    all.push_back({QStringLiteral("causal-mask"), tr("Scaling, the causal mask and softmax"),
                   tr("The model predicts each next token from the ones before it, so a query may "
                      "not attend to later keys: their scores become −∞ before softmax (e^−∞ = 0). "
                      "The scores are divided by √d_head first, which keeps softmax from "
                      "saturating; each row of weights α then sums to 1 over the query and the "
                      "tokens before it."),
                   QStringLiteral("weights"), std::monostate{}, true, StepExtra::None,
                   V::causalNote, V::causalMask, S::causalMask});
    all.push_back({QStringLiteral("context"),
                   tr("Each head's context vectors"),
                   tr("The context vector z(%1) is the attention-weighted sum of the head's "
                      "values: z(%1) = Σ_j α(%1, j)·v(j). For every query at once this is one "
                      "matrix product, Z = α·V, in each head."),
                   QStringLiteral("context"),
                   std::monostate{},
                   true,
                   StepExtra::None,
                   {},
                   F::context,
                   S::context});
    all.push_back({QStringLiteral("multi-head"), tr("The heads together and the output projection"),
                   tr("All heads of the layer attend at once, each in its own slice of the "
                      "projection. Their context vectors are concatenated and mixed by the "
                      "layer's output projection (out_proj, GPT-2's c_proj); the result is added "
                      "to the residual stream, and the block's feed-forward network follows."),
                   QStringLiteral("heads"), std::monostate{}, true, StepExtra::None,
                   V::multiHeadNote, V::multiHead, S::allHeads});
    all.push_back({QStringLiteral("head-view"),
                   tr("Where one token looks, head by head"),
                   tr("One row per head of the layer, one column per token the chosen token may "
                      "see, each row on its own scale: heads rarely agree. With many tokens only "
                      "each head's strongest keys are shown, and a row's label says which share "
                      "of that head's attention they hold."),
                   QStringLiteral("head_view"),
                   std::monostate{},
                   true,
                   StepExtra::None,
                   {},
                   headViewFormula,
                   {}});
    all.push_back({QStringLiteral("next-token"),
                   tr("The next token"),
                   tr("After the last block, the last token's row of the residual stream is "
                      "normalised (LN_f) and multiplied by the output head (GPT-2 reuses its "
                      "token embedding table; the book's model may have its own out_head): one "
                      "logit per token of the vocabulary, which softmax turns into "
                      "probabilities. These are the most likely (␣ is a space)."),
                   QStringLiteral("next_token"),
                   std::monostate{},
                   false,
                   StepExtra::None,
                   {},
                   nextTokenFormula,
                   {}});
    all.push_back({QStringLiteral("head-roles"),
                   tr("Previous-token and induction heads"),
                   tr("Heads specialise. A previous-token head looks at the token just before; "
                      "an induction head looks at the token that followed an earlier copy of the "
                      "current one, which lets a model repeat a sequence it has seen. The page "
                      "scores every layer's heads against these patterns and ranks them; on the "
                      "induction probe (random tokens, repeated) a trained model's induction "
                      "heads stand out."),
                   QStringLiteral("head_roles"),
                   std::monostate{},
                   false,
                   StepExtra::None,
                   {},
                   headRolesFormula,
                   {}});
    all.push_back(inductionFormsStep(QStringLiteral("head_roles")));
    return all;
}

} // namespace ae
