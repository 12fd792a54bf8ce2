#pragma once

#include "HeatmapSpec.h"

#include <memory>
#include <vector>

namespace ae {

struct Trace;
using TracePtr = std::shared_ptr<const Trace>;

// Turns a computed Trace into the figures of every step of attention: what the pages
// show and what --export writes. Matrices the trace stores are shared with it (no copies);
// a head's T x S scores and weights are derived on demand (HeadTensors.h: one matrix shared by
// every holder, freed with the last one), and their cheap functions (scaled and masked
// scores, the mask, the other masking method's weights) computed here once per figure. Every spec
// carries its operation with shapes and the arithmetic behind each cell.
namespace figures {

// While one lives on a thread, the figures built there of traces with more than
// ReducedViewExtent queries or keys (ViewExtent.h: derivesHeadViews()) hold their heads' T x S
// tensors (scores, weights and their functions, the causal mask) as HeatmapSpec::derived, derived
// on demand and never whole, instead of whole matrices: the pages' views of long texts. Exports and
// smaller traces hold whole matrices (the default).
class DeferredDerivation
{
public:
    DeferredDerivation();
    ~DeferredDerivation();
    DeferredDerivation(const DeferredDerivation&) = delete;
    DeferredDerivation& operator=(const DeferredDerivation&) = delete;
    static bool appliesTo(const Trace& trace); // active on this thread, and the trace long

private:
    bool m_before;
};

QStringList queryLabels(const Trace& trace);
QStringList keyLabels(const Trace& trace);

HeatmapSpec embeddings(const TracePtr& trace);             // the inputs x (token + position)
HeatmapSpec tokenEmbeddings(const TracePtr& trace);        // with positional embeddings only
HeatmapSpec positionalEmbeddings(const TracePtr& trace);   // with positional embeddings only
HeatmapSpec sourceEmbeddings(const TracePtr& trace);       // cross-attention only
Figure projectionWeights(const TracePtr& trace, int head); // W_query, W_key, W_value
Figure projections(const TracePtr& trace, int head);       // queries, keys, values
HeatmapSpec scores(const TracePtr& trace, int head);       // ω = Q·Kᵀ
HeatmapSpec scaledScores(const TracePtr& trace, int head); // ω / √d_k
HeatmapSpec causalMask(const TracePtr& trace);             // triu(ones, 1)
HeatmapSpec maskedScores(const TracePtr& trace, int head); // ω with -inf
HeatmapSpec weights(const TracePtr& trace, int head);      // α
Figure maskMethods(const TracePtr& trace, int head);       // both causal methods side by side
Figure dropout(const TracePtr& trace, int head);           // keep mask, α before, α after
HeatmapSpec context(const TracePtr& trace, int head);      // z
Figure output(const TracePtr& trace);                      // concatenation, out_proj, output

// Every figure of the session, each with a file-name stem that says what it is:
// "03-attn_scores-head1", "08-head_grid_attn_weights", ...
std::vector<Figure> allFigures(const TracePtr& trace);

// The one file-name scheme of every exported figure, from the pages and from --export:
// "<step>-<name>[-head<k>]": the step of attention as two digits, the name in snake_case (the
// PyTorch tensor's name where there is one: attn_weights, context_vec), and with several heads
// the head, 1-based (fileNumber). Hyphens only separate these fields. `head` < 0: a figure of no
// one head.
QString fileStem(int step, const QString& name, const Trace& trace, int head = -1);
// A number in a file name, padded with zeros to the width of the largest (count): head 3 of 12
// is "03", so that the files of a model's heads and layers sort in their order.
QString fileNumber(int number, int count);

Figure single(HeatmapSpec spec, const QString& name);

} // namespace figures
} // namespace ae
