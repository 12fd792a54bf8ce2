#pragma once

#include "BlockReducer.h"
#include "Matrix.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ae {

class TransformerModel;
struct Trace;

struct NextToken
{
    std::int64_t id = 0;
    float prob = 0; // softmax of the last token's logits
};

// One forward of a model, layer by layer (llm.c's ActivationTensors, reduced to what the
// pages, the dump and the analyses read). T = tokens, d = n_embd, hd = d / n_head.
// Each block's attention is an ordinary Trace, filled by the forward itself: inputs = LN1(x)
// (T x d); per query head queries and contextVec (T x hd); keys and values (T x hd, keys as
// the scores used them) once per key/value head (Trace::kvHeads: query head h reads key/value
// head h / (n_head / n_kv_head)); the heads' contexts concatenated before the output projection
// are not stored again (headsConcatenated(), TraceDerived.h); contextVec
// (T x d) after it; arithmetic Fast and scoreDivisor √hd, so that a head's T x T scores and
// weights derived on demand (HeadTensors.h) come from the very kernel the forward ran.
// Nothing T x T is stored.
// A session of the seed module is a ModelTrace too: one layer (the module's own Trace, with
// its embeddings, parameters and every step tensor), no model, no residuals, no logits.
struct ModelTrace
{
    std::shared_ptr<const TransformerModel> model; // null for the seed module
    std::vector<std::int64_t> tokenIds;
    std::vector<std::shared_ptr<const Trace>> layers;
    // residuals[l] (T x d): the residual stream entering block l; residuals[n_layer] the
    // stream after the last block, before LN_f (a forward of these ids with tokens taken off
    // the end needs no block at all: logits = LN_f(row T-1) · outHeadᵀ).
    std::vector<Matrix> residuals;
    // How many leading rows this forward copied from the previous one instead of computing
    // them (transformerForward with `previous`): 0 for a forward from scratch.
    Eigen::Index reusedRows = 0;
    // Every head's weights reduced by squares of overviewBlock x overviewBlock (their largest
    // weight; BlockReducer), index layer · n_head + head, when the forward's caller asked for
    // it (transformerForward's `overview`: the model view's thumbnails) and could have it;
    // else empty and overviewBlock 0.
    Eigen::Index overviewBlock = 0;
    std::vector<BlockReducer::Result> overview;
    RowVector lastLogits; // logits (vocab): LN_f(x_last) · outHeadᵀ
    std::vector<NextToken>
        nextTokens; // the 10 most probable after the last token, most probable first

    bool isSeedModule() const { return !model; }
    int headCount() const;
    int kvHeadCount() const; // key/value heads (= headCount() without grouped heads)
    int headDim() const;
    int layerCount() const { return int(layers.size()); }
    Eigen::Index tokenCount() const { return Eigen::Index(tokenIds.size()); }
    const Matrix& finalResidual() const { return residuals.back(); }
    // The `count` most probable next tokens of softmax(lastLogits / temperature) (temperature
    // > 0), most probable first: the same tokens as nextTokens at any temperature, their
    // probabilities sharper below 1 and flatter above.
    std::vector<NextToken> nextTokensAt(float temperature, int count = 10) const;
    // One query head's tensors of block `layer`, as the forward computed them (its keys and
    // values are those of its key/value head).
    const Matrix& headQueries(int layer, int head) const;
    const Matrix& headKeys(int layer, int head) const;
    const Matrix& headValues(int layer, int head) const;
};

// How many leading ids `a` and `b` share: a causal model's rows before that position are the
// same in the forwards of both (what a forward, the thumbnails and the detectors reuse).
Eigen::Index commonPrefixLength(const std::vector<std::int64_t>& a,
                                const std::vector<std::int64_t>& b);

// Block `layer`, head `head`: its attention weights (T x T), derived from the trace's queries
// and keys by the forward's kernel (headTensor), and one query's row of them (the head view).
std::shared_ptr<const Matrix> layerAttnWeights(const ModelTrace& trace, int layer, int head);
RowVector layerAttnRow(const ModelTrace& trace, int layer, int head, Eigen::Index query);

} // namespace ae
