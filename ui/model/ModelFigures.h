#pragma once

#include "HeatmapSpec.h"
#include "Matrix.h"

#include <memory>
#include <vector>

namespace ae {

class TransformerModel;

struct ModelRun;
struct ModelTrace;
struct NextToken;
struct Trace;

// The figures of a model session (a GPT-2 checkpoint): what the model pages show and what
// --export writes, built here once for both (as TraceFigures does for the step pages).
// File names follow figures::fileStem's scheme, "<step>-<name>[-layer<l>][-head<k>]", with
// the model pages around the steps of one layer in the window's tab order:
//   00-model_view_attn_weights                  every layer and head (thumbnails)
//   01..09-<step figures>-layer<l>[-head<k>]    the steps of layer l (figures::allFigures)
//   10-head_view_attn_weights-layer<l>-query<q> where query q attends, head by head
//   11-next_token_probs                         the ten most likely next tokens
//   12-head_detectors                           every head scored (ui/analysis), from 2 tokens
//   13-head_pattern-layer<l>-head<h>            layer l's best induction head, its pattern framed
namespace modelfigures {

// Which keys the head view shows.
enum class HeadViewKeys
{
    All,       // every key the query may see (0..query)
    Strongest, // each head's strongest keys only, in sentence order, when there are many
};

// Beyond this many visible keys the head view's Strongest choice picks keys: a 12 × 1000
// strip has cells a pixel wide, and no token can be read.
constexpr int MaxHeadViewKeys = 48;

// The keys the head view shows for `query` (0-based), in sentence order: all of 0..query, or
// (Strongest, when more than MaxHeadViewKeys are visible) the union of each head's
// strongestPerHead() largest weights.
std::vector<int> headViewKeys(const ModelTrace& trace, int layer, int query, HeadViewKeys keys,
                              int maxKeys = MaxHeadViewKeys);
int strongestPerHead(int heads, int maxKeys = MaxHeadViewKeys); // maxKeys / heads, from 2 to 8

// `thumbnails` from attentionThumbnails(): one panel per layer and head, each row scaled to its
// maximum.
Figure modelView(const ModelTrace& trace, const std::vector<Matrix>& thumbnails);
// One row per head of `layer`: the weights `query` gives the keys (headViewKeys), each row on
// its own scale. With keys left out, a row's label says which share of that head's attention
// the shown keys hold.
Figure headView(const ModelTrace& trace, int layer, int query, HeadViewKeys keys);
// The next tokens shown (ModelTrace::nextTokensAt) as one column of probabilities.
Figure nextTokens(const TransformerModel& model, const std::vector<NextToken>& shown,
                  double temperature);

// Step figures of the layer trace (figures::allFigures) named with their layer (from 0), without
// the inputs' figures (step 1): a layer's inputs are LN1 of the residual stream, not embeddings.
std::vector<Figure> layerFigures(const std::shared_ptr<const Trace>& layerTrace, int layer,
                                 int layers);
// "05-attn_weights-head2" -> "05-attn_weights-layer3-head2" (layer from 0, of `layers`: with 12
// layers "-layer03", figures::fileNumber).
QString withLayer(const QString& stem, int layer, int layers);

// Every figure of a run, what --export and "Export all figures" write: of the seed module its
// step figures (figures::allFigures); of a checkpoint the model view, the steps of `layer`
// (from 0), the head view of the last token (Strongest), the next tokens at temperature 1 and
// what the heads do (the detectors' grids, the layer's best induction head).
// The model view's thumbnails are computed here (every head's weights are derived once).
std::vector<Figure> allFigures(const ModelRun& run, int layer);

} // namespace modelfigures
} // namespace ae
