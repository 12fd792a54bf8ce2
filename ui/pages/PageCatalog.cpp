#include "PageCatalog.h"

#include "HeadsFigures.h"
#include "RopeFigures.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <QCoreApplication>

namespace ae {

namespace {

// The context of this file's messages: lupdate files a free tr() under the enclosing
// namespace, where the translations would never be looked up.
struct PageCatalog
{
    Q_DECLARE_TR_FUNCTIONS(PageCatalog)
};

using TracePtr = std::shared_ptr<const Trace>;
using Maybe = std::optional<Figure>;

// Named as --export names the same figure (figures::fileStem).
Maybe one(HeatmapSpec spec, int step, const QString& name, const TracePtr& trace, int head = -1)
{
    return figures::single(std::move(spec), figures::fileStem(step, name, *trace, head));
}

PageDefinition embeddingsPage()
{
    return {
        QStringLiteral("embeddings"),
        PageCatalog::tr("Embeddings"),
        {{PageCatalog::tr("Position embeddings"),
          PageCatalog::tr(
              "Attention itself ignores word order, so a vector for each position can be added to "
              "each token's "
              "vector: a learned table (the book's chapter 2: nn.Embedding(context_length, d_in), "
              "drawn right after "
              "the token table) or the original Transformer's fixed sines and cosines."),
          [](const TracePtr& t, int) -> Maybe {
              if (t->session.positional == Positional::None)
                  return std::nullopt;
              Figure figure;
              figure.name = figures::fileStem(1, QStringLiteral("positions"), *t);
              figure.columns = 2;
              figure.panels = {figures::tokenEmbeddings(t), figures::positionalEmbeddings(t)};
              return figure;
          },
          PageCatalog::tr("No position embeddings (as in the seed documents): the inputs are the "
                          "token embeddings. Choose "
                          "\"learned\" or \"sinusoidal\" positions to add them.")},
         {PageCatalog::tr("Token embeddings"),
          PageCatalog::tr("Each token id picks one row of the embedding table: a vector of d_in "
                          "numbers that stands for the "
                          "token. With embedding \"torch\" the table is nn.Embedding(vocab_size, "
                          "d_in), filled with normal_(0, 1) "
                          "right after torch.manual_seed(embedding_seed)."),
          [](const TracePtr& t, int) {
              return one(figures::embeddings(t), 1, QStringLiteral("embeddings"), t);
          },
          {}},
         {PageCatalog::tr("Source embeddings"),
          PageCatalog::tr(
              "In cross-attention the keys and values come from a second sentence; its tokens are "
              "looked up in the "
              "same table. The two sentences share one vocabulary, sorted: typing a source "
              "sentence adds its words "
              "and renumbers the ids, so the sentence's own token embeddings above change too."),
          [](const TracePtr& t, int) -> Maybe {
              if (!t->session.isCross())
                  return std::nullopt;
              return one(figures::sourceEmbeddings(t), 1, QStringLiteral("source_embeddings"), t);
          },
          PageCatalog::tr("Self-attention: queries, keys and values all come from the sentence "
                          "itself. Type a source sentence "
                          "to see cross-attention.")}}};
}

PageDefinition projectionsPage()
{
    auto weighted = [](const TracePtr& t) { return t->session.hasWeights(); };
    const QString simplifiedNote =
        PageCatalog::tr("Simplified attention has no trainable weights: the queries, keys and "
                        "values are the embeddings themselves.");
    return {QStringLiteral("projections"),
            PageCatalog::tr("Q, K, V"),
            {{PageCatalog::tr("Trainable weight matrices"),
              PageCatalog::tr(
                  "Three matrices, learned in training, project each embedding into a query (what "
                  "this token looks "
                  "for), a key (what it offers to be found by) and a value (what it passes on)."),
              [weighted](const TracePtr& t, int head) -> Maybe {
                  return weighted(t) ? Maybe(figures::projectionWeights(t, head)) : std::nullopt;
              },
              simplifiedNote},
             {PageCatalog::tr("Queries, keys and values"),
              PageCatalog::tr(
                  "Each row is one token's projection: q(i) = x(i)·W_q, k(i) = x(i)·W_k, v(i) = "
                  "x(i)·W_v. Queries and "
                  "keys must have the same size d_k because they are compared by a dot product."),
              [weighted](const TracePtr& t, int head) -> Maybe {
                  return weighted(t) ? Maybe(figures::projections(t, head)) : std::nullopt;
              },
              simplifiedNote}}};
}

// Rotary position embeddings (session key rope): the angles, the rotated queries and keys, and
// why the scores then depend on distance. A checkpoint's layer shows it when the model rotates
// (Llama's family; GPT-2 and the book add learned positions).
PageDefinition ropePage()
{
    const QString off = PageCatalog::tr(
        "RoPE is off. Tick \"RoPE\" under \"Today's attention\" in the session panel (self-"
        "attention with weights) to rotate the queries and keys by position, as Llama does.");
    const auto rope = [](const TracePtr& t) { return t->session.rope; };
    PageDefinition page{
        QStringLiteral("rope"),
        PageCatalog::tr("RoPE"),
        {{PageCatalog::tr("Rotation angles"),
          PageCatalog::tr("Instead of adding a position vector to the embeddings, RoPE turns each "
                          "pair of a query's and a key's dimensions by an angle m·θ_i that grows "
                          "with the position m; the first pairs turn fast, the last ones slowly."),
          [rope](const TracePtr& t, int) -> Maybe {
              if (!rope(t))
                  return std::nullopt;
              return one(figures::ropeAngles(t), 2, QStringLiteral("rope_angles"), t);
          },
          off},
         {PageCatalog::tr("Queries before and after"),
          PageCatalog::tr("Each query is projected as before, then rotated: row m turned by the "
                          "angles of position m. Lengths do not change, only directions."),
          [rope](const TracePtr& t, int head) -> Maybe {
              return rope(t) ? Maybe(figures::ropeQueries(t, head)) : std::nullopt;
          },
          off},
         {PageCatalog::tr("Keys before and after"),
          PageCatalog::tr("The keys turn by the same angles. The scores ω = Q·Kᵀ use the rotated "
                          "queries and keys; the values are not rotated."),
          [rope](const TracePtr& t, int head) -> Maybe {
              return rope(t) ? Maybe(figures::ropeKeys(t, head)) : std::nullopt;
          },
          off},
         {PageCatalog::tr("Why it is relative"),
          PageCatalog::tr("One vector placed at every position m and n: its score with itself, "
                          "rot(v, m)·rot(v, n), is the same along every diagonal, because "
                          "rotating both by m and by n differs only by the angle of m − n. A "
                          "score depends on how far apart two tokens are, not on where they are."),
          [rope](const TracePtr& t, int head) -> Maybe {
              if (!rope(t))
                  return std::nullopt;
              return one(figures::ropeRelative(t, head), 2, QStringLiteral("rope_relative"), t,
                         head);
          },
          off}}};
    page.checkpointShows = [](const Trace& t) { return t.session.rope; };
    return page;
}

PageDefinition scoresPage()
{
    return {
        QStringLiteral("scores"),
        PageCatalog::tr("Scores ω"),
        {{PageCatalog::tr("Unnormalised attention scores"),
          PageCatalog::tr("ω(i, j) = q(i)·k(j): how well query i matches key j. A large dot "
                          "product means the vectors point the "
                          "same way."),
          [](const TracePtr& t, int head) {
              return one(figures::scores(t, head), 3, QStringLiteral("attn_scores"), t, head);
          },
          {}},
         {PageCatalog::tr("Scaled scores"),
          PageCatalog::tr("Dividing by √d_k keeps the scores' variance near 1 whatever the size of "
                          "d_k, so that softmax does "
                          "not saturate into a one-hot vector."),
          [](const TracePtr& t, int head) -> Maybe {
              if (!t->session.hasWeights())
                  return std::nullopt;
              return one(figures::scaledScores(t, head), 3, QStringLiteral("scaled_scores"), t,
                         head);
          },
          PageCatalog::tr(
              "Simplified attention applies softmax to the raw scores, without scaling.")},
         {PageCatalog::tr("Causal mask"),
          PageCatalog::tr("A GPT-style model predicts the next token from the ones before it, so "
                          "query i may not see keys after "
                          "position i. The mask marks those cells (above the diagonal) with 1."),
          [](const TracePtr& t, int) -> Maybe {
              if (!t->session.masked())
                  return std::nullopt;
              return one(figures::causalMask(t), 4, QStringLiteral("mask"), t);
          },
          PageCatalog::tr(
              "Not causal: every query sees every key. Tick \"causal\" to mask the future.")},
         {PageCatalog::tr("Masked scores"),
          PageCatalog::tr("The hidden scores are replaced by −∞ before softmax: e^(−∞) = 0, so "
                          "they get no weight at all."),
          [](const TracePtr& t, int head) -> Maybe {
              if (!t->session.masked())
                  return std::nullopt;
              return one(figures::maskedScores(t, head), 4, QStringLiteral("masked_scores"), t,
                         head);
          },
          PageCatalog::tr("Not causal: nothing is masked.")}}};
}

PageDefinition weightsPage()
{
    return {QStringLiteral("weights"),
            PageCatalog::tr("Weights α"),
            {{PageCatalog::tr("Attention weights"),
              PageCatalog::tr("Softmax turns each row of scores into weights that are positive and "
                              "sum to 1: how much each query "
                              "attends to each key."),
              [](const TracePtr& t, int head) {
                  return one(figures::weights(t, head), 5, QStringLiteral("attn_weights"), t, head);
              },
              {}},
             {PageCatalog::tr("Two ways to mask, one result"),
              PageCatalog::tr("Method 1 applies softmax to all scores, zeroes the future and "
                              "renormalises each row; method 2 puts −∞ "
                              "in the future cells before softmax. They agree up to float "
                              "rounding; method 2 needs one step less."),
              [](const TracePtr& t, int head) -> Maybe {
                  if (!t->session.masked())
                      return std::nullopt;
                  return figures::maskMethods(t, head);
              },
              PageCatalog::tr("Not causal: no masking method to compare.")}}};
}

PageDefinition dropoutPage()
{
    return {
        QStringLiteral("dropout"),
        PageCatalog::tr("Dropout"),
        {{PageCatalog::tr("Dropout on the attention weights"),
          PageCatalog::tr(
              "In training, each weight is dropped with probability p and the survivors are scaled "
              "by 1/(1 − p), "
              "so that on average the weights keep their size. In eval mode dropout does nothing."),
          [](const TracePtr& t, int head) -> Maybe {
              if (!t->session.dropoutActive())
                  return std::nullopt;
              return figures::dropout(t, head);
          },
          PageCatalog::tr("Dropout is off: it acts only in training mode with p > 0 (set dropout "
                          "and tick \"training\"). The "
                          "weights go to the context vectors unchanged, as in model.eval().")}}};
}

PageDefinition contextPage()
{
    return {QStringLiteral("context"),
            PageCatalog::tr("Context z"),
            {{PageCatalog::tr("Context vectors"),
              PageCatalog::tr("Each query's context vector is the weighted sum of the values: z(i) "
                              "= Σ_j α(i, j)·v(j). It is the "
                              "token's embedding enriched with what it attends to."),
              [](const TracePtr& t, int head) {
                  return one(figures::context(t, head), 7, QStringLiteral("context_vec"), t, head);
              },
              {}},
             {PageCatalog::tr("The module's output"),
              PageCatalog::tr("With several heads the context vectors are concatenated; the "
                              "efficient multi-head class then mixes "
                              "them with one more linear layer, out_proj."),
              [](const TracePtr& t, int) -> Maybe { return figures::output(t); },
              {}}}};
}

PageDefinition headsPage()
{
    return {QStringLiteral("heads"),
            PageCatalog::tr("Heads"),
            {{PageCatalog::tr("Every head's attention weights"),
              PageCatalog::tr("Each head has its own W_q, W_k, W_v and so attends differently. The "
                              "wrapper runs independent heads; "
                              "the efficient class computes one big projection and splits it with "
                              "view and transpose: "
                              "(b, T, d_out) → (b, T, h, head_dim) → (b, h, T, head_dim)."),
              [](const TracePtr& t, int) -> Maybe {
                  if (t->heads.size() < 2)
                      return std::nullopt;
                  return figures::headGrid(t);
              },
              PageCatalog::tr("One head. Choose the variant \"multi-head\" and more than one head "
                              "to compare heads.")},
             {PageCatalog::tr("Grouped heads and the key/value cache"),
              PageCatalog::tr("A model that generates text keeps every past token's keys and "
                              "values (the key/value cache) so that a new token needs only its "
                              "own. Grouped-query attention lets several query heads share one "
                              "key/value head: Llama 2 70B's 64 query heads read 8, so its cache "
                              "is 8 times smaller. Set \"Key/value heads\" under \"Today's "
                              "attention\" to group this session's heads."),
              [](const TracePtr& t, int) -> Maybe {
                  if (t->session.variant != Variant::MultiHead)
                      return std::nullopt;
                  return one(figures::kvCache(t), 8, QStringLiteral("kv_cache"), t);
              },
              PageCatalog::tr("Grouped heads need the efficient multi-head class: choose the "
                              "variant \"multi-head\".")}}};
}

} // namespace

std::vector<PageDefinition> pageCatalog()
{
    std::vector<PageDefinition> pages{embeddingsPage(), projectionsPage(), ropePage(),
                                      scoresPage(),     weightsPage(),     dropoutPage(),
                                      contextPage(),    headsPage()};
    pages[0].seedModuleOnly = pages[5].seedModuleOnly = true; // embeddings, dropout
    return pages;
}

} // namespace ae
