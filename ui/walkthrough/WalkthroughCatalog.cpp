#include "WalkthroughCatalog.h"

#include "SelfAttentionFormulas.h"
#include "SessionFile.h"
#include "StepFigures.h"
#include "TodaysFormulas.h"
#include "Tokenizer.h"
#include "Trace.h"
#include "TraceTokens.h"
#include "VariantFormulas.h"

#include <algorithm>

namespace ae {

namespace {

// The article's SelfAttention module: one head, nothing masked, no dropout, and none of
// today's keys (the seeds' steps show the seeds' attention whatever the session had).
void selfAttention(Session& s)
{
    s.variant = Variant::SelfAttention;
    s.numHeads = 1;
    s.causal = false;
    s.training = false;
    s.rope = false;
    s.numKvHeads = 0;
    s.window = 0;
    s.kernel = KernelKind::Standard;
}

void simplified(Session& s)
{
    selfAttention(s);
    s.variant = Variant::Simplified;
}

void causal(Session& s)
{
    selfAttention(s);
    s.causal = true;
}

// The book's dropout: p = 0.5 on the causal weights, in training mode.
void dropout(Session& s)
{
    causal(s);
    s.dropout = 0.5;
    s.training = true;
}

// The book's efficient MultiHeadAttention (causal, out_proj) with at least two heads, unless
// the session already uses the wrapper. Its d_out serves queries, keys and values and must
// be a multiple of the heads: the session's d_out_kq, rounded up.
void multiHead(Session& s)
{
    const bool wrapper = s.variant == Variant::MultiHeadWrapper;
    const int heads = std::max(s.numHeads, 2);
    causal(s);
    s.variant = wrapper ? Variant::MultiHeadWrapper : Variant::MultiHead;
    s.numHeads = heads;
    if (s.variant == Variant::MultiHead) {
        const int dOut =
            (std::max(s.dOutKq, s.numHeads) + s.numHeads - 1) / s.numHeads * s.numHeads;
        s.dOutKq = s.dOutV = dOut;
    }
}

// RoPE on the causal module; rotation turns pairs, so an odd d_k grows by one. RoPE rotates
// queries and keys by their positions in one sequence: a cross-attention session becomes self-
// attention on its sentence.
void rope(Session& s)
{
    causal(s);
    s.sourceSentence.clear();
    s.sourceInputs.resize(0, 0);
    s.rope = true;
    s.dOutKq += s.dOutKq % 2;
}

// The efficient class with 4 query heads (or more, an even number) sharing half as many
// key/value heads.
void groupedHeads(Session& s)
{
    causal(s);
    s.variant = Variant::MultiHead;
    s.numHeads = std::max(4, s.numHeads + s.numHeads % 2);
    s.dOutKq = s.dOutV =
        (std::max(s.dOutKq, s.numHeads) + s.numHeads - 1) / s.numHeads * s.numHeads;
    s.numKvHeads = s.numHeads / 2;
}

// Mistral's causal sliding window, of 3 keys.
void slidingWindow(Session& s)
{
    causal(s);
    s.window = 3;
}

// FlashAttention-2's tiles of 2 x 2 over the causal module.
void flash(Session& s)
{
    causal(s);
    s.kernel = KernelKind::Flash;
    s.blockQ = s.blockK = 2;
}

QString sample(const char* name)
{
    return QStringLiteral(":/samples/") + QLatin1StringView(name);
}

} // namespace

std::optional<Session> WalkthroughCatalog::sessionFor(const WalkthroughStep& step,
                                                      const Session& base, QString* error)
{
    if (const auto* edit = std::get_if<EditSession>(&step.action)) {
        Session session = base;
        edit->change(session);
        return session;
    }
    if (const auto* open = std::get_if<OpenSample>(&step.action)) {
        SessionLoadResult loaded = SessionFile::load(open->resourcePath);
        if (loaded.issue) {
            if (error)
                *error = loaded.issue->message;
            return std::nullopt;
        }
        return loaded.session;
    }
    return base;
}

int WalkthroughCatalog::slideIndex(const WalkthroughStep& step,
                                   const std::vector<Figure>& pageFigures)
{
    for (std::size_t i = 0; i < pageFigures.size() && !step.slideFigure.isEmpty(); ++i)
        if (pageFigures[i].name.section(u'-', 1, 1) == step.slideFigure) // figures::fileStem
            return int(i);
    return pageFigures.empty() ? -1 : 0;
}

QString WalkthroughCatalog::explanation(const WalkthroughStep& step, int query)
{
    // Only some explanations name the query; arg() on the others would warn.
    return step.explanation.contains(QLatin1StringView("%1")) ? step.explanation.arg(query + 1)
                                                              : step.explanation;
}

// After the seeds' path, what today's models do differently (docs/todays-attention.md).
void WalkthroughCatalog::todaysSteps(std::vector<WalkthroughStep>& all)
{
    using T = TodaysFormulas;
    using S = StepFigures;
    all.push_back(
        {QStringLiteral("rope"), tr("Today: rotary position embeddings"),
         tr("Llama and most models since do not add a position vector to the embeddings. "
            "RoPE turns each pair of a query's and a key's numbers by an angle that grows with "
            "the position, m·θ_i. The score of a query at m and a key at n then depends only on "
            "m − n: attention sees how far apart two tokens are, not where they are."),
         QStringLiteral("rope"), EditSession{rope}, true, StepExtra::None, T::ropeNote, T::rope,
         S::rope, QStringLiteral("queries_rope")});
    all.push_back(
        {QStringLiteral("grouped-heads"), tr("Today: grouped key/value heads"),
         tr("Generating text, a model keeps every past token's keys and values. Grouped-query "
            "attention makes that cache smaller: several query heads share one key/value head "
            "(repeat_interleave), so Llama 2 70B stores 8 heads' keys instead of 64. With one "
            "key/value head for all it is multi-query attention."),
         QStringLiteral("heads"), EditSession{groupedHeads}, false, StepExtra::None, T::groupedNote,
         T::groupedHeads, S::allHeads});
    all.push_back(
        {QStringLiteral("sliding-window"), tr("Today: a sliding window"),
         tr("Mistral lets each token see only the last W keys, itself included: a band along "
            "the diagonal instead of the whole lower triangle. The cost per token stays W "
            "whatever the length; information still travels further through the layers. Both "
            "masking methods agree on the band too."),
         QStringLiteral("weights"), EditSession{slidingWindow}, true, StepExtra::None,
         T::windowNote, T::window, S::causalMask, QStringLiteral("mask_methods")});
    all.push_back(
        {QStringLiteral("flash"), tr("Today: FlashAttention, tile by tile"),
         tr("On a GPU, attention is limited by memory traffic, not arithmetic. FlashAttention "
            "never writes the T×S scores out: it walks over tiles of queries and keys, keeping "
            "per row the largest score so far and a running sum, and rescales what it summed "
            "when a larger score arrives. The result is the same attention, to float32 "
            "rounding."),
         QStringLiteral("flash"), EditSession{flash}, true, StepExtra::None, T::flashNote, T::flash,
         S::flash});
}

std::vector<WalkthroughStep> WalkthroughCatalog::steps(ModelSource source)
{
    if (source == ModelSource::Checkpoint)
        return modelSteps();
    using F = SelfAttentionFormulas;
    using V = VariantFormulas;
    using S = StepFigures;
    std::vector<WalkthroughStep> all;
    const auto bytePairNote = [](const Trace& trace) {
        if (!traceTokenizer(trace).hasFixedVocabulary())
            return QString();
        return tr("This session uses GPT-2's tokenizer instead, as the book's chapter 2 does: "
                  "byte-pair encoding "
                  "(BPE). The text is cut into words, spaces and punctuation, each piece becomes "
                  "its UTF-8 bytes, and "
                  "the pair of neighbours that was most frequent in GPT-2's training text is "
                  "merged again and again "
                  "(50,000 learned merges, in rank order). The vocabulary is fixed at 50,257 "
                  "tokens for any text, so "
                  "an unknown word is never a problem: it is spelled with smaller pieces, down to "
                  "single bytes. A "
                  "leading space belongs to the word, and a Chinese character may take two or "
                  "three tokens.");
    };
    all.push_back({QStringLiteral("tokens"),
                   tr("Tokens and vocabulary"),
                   tr("Attention works on vectors, so the text is first cut into tokens and every "
                      "token gets an "
                      "integer id. As in the article, the vocabulary here holds only the "
                      "sentence's own words, sorted, "
                      "and a token's id is its place in that list; a real model's vocabulary has "
                      "30,000 to 50,000 "
                      "entries."),
                   QStringLiteral("tokens"),
                   std::monostate{},
                   false,
                   StepExtra::TokenStrip,
                   bytePairNote,
                   F::tokens,
                   {}});
    all.push_back({QStringLiteral("embeddings"), tr("Embeddings"),
                   tr("Each id picks one row of an embedding table: a vector of d_in numbers that "
                      "stands for the token. "
                      "The table starts random (nn.Embedding fills it with normal_ after "
                      "torch.manual_seed) and is "
                      "learned in training. Real models use hundreds to thousands of dimensions; "
                      "the article uses 3 so "
                      "that every number fits on the screen."),
                   QStringLiteral("embeddings"), std::monostate{}, true, StepExtra::None,
                   F::embeddingsNote, F::embeddings, S::embeddings});
    all.push_back({QStringLiteral("simplified"),
                   tr("Simplified self-attention"),
                   tr("The simplest attention has no trainable weights: every token's vector is "
                      "compared with every "
                      "other by a dot product, ω = X·Xᵀ. Softmax turns each row of scores into "
                      "weights α that are "
                      "positive and sum to 1. The context vector z(i) is the weighted sum of all "
                      "the inputs: x(i) "
                      "enriched with what it attends to."),
                   QStringLiteral("weights"),
                   EditSession{simplified},
                   true,
                   StepExtra::None,
                   {},
                   F::simplified,
                   S::simplified});
    all.push_back({QStringLiteral("trainable-weights"),
                   tr("Trainable weights: queries, keys and values"),
                   tr("Self-attention as transformers use it first projects every embedding with "
                      "three trainable "
                      "matrices: a query q = x·W_q (what the token looks for), a key k = x·W_k "
                      "(what it offers to be "
                      "found by) and a value v = x·W_v (what it passes on). Queries and keys need "
                      "the same size d_k "
                      "because they are compared by a dot product; the values' size d_v is free."),
                   QStringLiteral("projections"),
                   EditSession{selfAttention},
                   true,
                   StepExtra::None,
                   {},
                   F::projections,
                   S::projections});
    all.push_back({QStringLiteral("scores"),
                   tr("The scores ω of one query"),
                   tr("Take one token as the query: here x(%1), chosen below (both seeds take the "
                      "second token, "
                      "x(2)). Its unnormalised attention scores are the dot products of its query "
                      "with every key: "
                      "ω(%1, j) = q(%1)·k(j). A large score means that the query and the key point "
                      "the same way."),
                   QStringLiteral("scores"),
                   EditSession{selfAttention},
                   true,
                   StepExtra::None,
                   {},
                   F::scores,
                   S::scores});
    all.push_back({QStringLiteral("scaling"),
                   tr("Scaling by √d_k and softmax"),
                   tr("Softmax turns the scores into weights that sum to 1, after dividing them by "
                      "√d_k. A dot product "
                      "of d_k terms has a variance that grows with d_k, and softmax of large "
                      "scores saturates into a "
                      "one-hot vector whose gradients vanish; dividing by √d_k brings the variance "
                      "back to about 1. "
                      "The chart measures it on random queries and keys."),
                   QStringLiteral("weights"),
                   EditSession{selfAttention},
                   true,
                   StepExtra::ScalingChart,
                   {},
                   F::scaling,
                   {}});
    all.push_back(
        {QStringLiteral("context"),
         tr("The context vector z"),
         tr("The context vector z(%1) is the attention-weighted sum of the values: z(%1) = Σ_j "
            "α(%1, j)·v(j). "
            "It has d_v numbers, which need not equal d_in. For every query at once this is one "
            "matrix "
            "product, Z = α·V: the whole forward pass of the article's SelfAttention module."),
         QStringLiteral("context"),
         EditSession{selfAttention},
         true,
         StepExtra::None,
         {},
         F::context,
         S::context});
    all.push_back({QStringLiteral("causal-mask"), tr("The causal mask: two methods, one result"),
                   tr("A GPT-style model predicts the next token from the ones before it, so a "
                      "query may not attend to "
                      "later keys. Method 1 applies softmax, zeroes the weights above the diagonal "
                      "and renormalises "
                      "each row; method 2 writes −∞ into those scores before softmax, since e^−∞ = "
                      "0. Both give the "
                      "same weights, and method 2 needs one step less."),
                   QStringLiteral("weights"), EditSession{causal}, true, StepExtra::None,
                   V::causalNote, V::causalMask, S::causalMask, QStringLiteral("mask_methods")});
    all.push_back({QStringLiteral("dropout"), tr("Dropout on the attention weights"),
                   tr("In training, dropout zeroes each attention weight with probability p and "
                      "scales the kept ones by "
                      "1/(1 − p), so that the weights keep their size on average. With p = 0.5, as "
                      "in the book, about "
                      "half the weights are dropped and the others doubled. In eval mode, "
                      "model.eval(), dropout does "
                      "nothing."),
                   QStringLiteral("dropout"), EditSession{dropout}, true, StepExtra::None,
                   V::dropoutNote, V::dropout, S::dropout});
    all.push_back(
        {QStringLiteral("multi-head"), tr("Multi-head attention"),
         tr("Multi-head attention runs several heads, each with its own W_q, W_k and W_v, and "
            "concatenates "
            "their context vectors. The wrapper keeps a list of separate heads; the efficient "
            "MultiHeadAttention class computes one big projection, splits it into heads with view "
            "and "
            "transpose, attends in every head with one batched matrix product and mixes the heads "
            "with a "
            "last linear layer, out_proj."),
         QStringLiteral("heads"), EditSession{multiHead}, true, StepExtra::None, V::multiHeadNote,
         V::multiHead, S::allHeads});
    all.push_back({QStringLiteral("cross-attention"), tr("Cross-attention: German to English"),
                   tr("In cross-attention the queries come from one sequence and the keys and "
                      "values from another, as "
                      "when a decoder writing English looks back at the German source. The "
                      "attention matrix is T×S: "
                      "one row per English token, one column per German token. These weights are "
                      "untrained, so where "
                      "each English word looks is still random; training is what makes 'you' "
                      "attend to 'du'."),
                   QStringLiteral("weights"), OpenSample{sample("german-english-cross.json")}, true,
                   StepExtra::None, V::crossNote, V::crossAttention, S::allHeads});
    all.push_back({QStringLiteral("gpt2"),
                   tr("GPT-2 sizes, live"),
                   tr("The smallest GPT-2 uses this module at full size: 768-dimensional "
                      "embeddings, 12 heads of 64 "
                      "dimensions and a context of 1,024 tokens. Its twelve 1024×1024 attention "
                      "matrices are computed "
                      "here live, with the causal mask and the scaling by √64 = 8. Zoom into the "
                      "heatmaps to see single "
                      "tokens."),
                   QStringLiteral("heads"),
                   OpenSample{sample("gpt2-small.json")},
                   false,
                   StepExtra::None,
                   {},
                   V::gpt2,
                   S::allHeads});
    todaysSteps(all);
    all.push_back(inductionFormsStep(QStringLiteral("heads")));
    return all;
}

WalkthroughStep WalkthroughCatalog::inductionFormsStep(const QString& pageId)
{
    WalkthroughStep step{
        QStringLiteral("induction-forms"),
        tr("Watch an induction head form"),
        tr("Untrained heads mean nothing; training gives them roles. The training lab trains a "
           "two-layer, attention-only model on random sequences that repeat, which only a "
           "head that copies what followed the current token's earlier occurrence can predict. "
           "For some 500 steps the loss stays near ln 64 ≈ 4.2; then, within a hundred steps, "
           "a previous-token head forms in layer 1, an induction head in layer 2 reads it, and "
           "the loss falls: the phase change of Olsson et al. (2022), live, in under a minute."),
        pageId,
        std::monostate{},
        false,
        StepExtra::None,
        {},
        [](const Trace&, int) {
            return tr("previous-token score = Σ(A ⊙ P) / ΣA, P[i, i − 1] = 1\n"
                      "induction score = Σ(A ⊙ P) / ΣA, P[i, j] = 1 where token j − 1 is "
                      "token i\n"
                      "over the probe r + r; loss ≈ ln 64 ≈ 4.16 → about 1.7 after 1,000 "
                      "steps");
        },
        {}};
    step.trainingSession = QStringLiteral(":/samples/training/induction.json");
    return step;
}

} // namespace ae
