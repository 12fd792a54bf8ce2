#pragma once

#include "Matrix.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ae {

class TransformerModel;

// What one block's attention computed, kept so that any head can be shown later.
// T = tokens, d = n_embd, head h = columns [h·hd, (h+1)·hd) with hd = d / n_head.
// The T x T scores and weights are not stored (12 layers × 12 heads × 1024² floats would
// be 600 MB): gpt2AttnWeights() derives one head's from its queries and keys on demand,
// with the same arithmetic as the forward.
struct Gpt2LayerTrace
{
    Matrix ln1;     // a (T x d) = LN1(x): the block's attention input (the views' inputs)
    Matrix queries; // queries (T x d): queries | keys | values = a·W_attn + b
    Matrix keys;    // keys (T x d)
    Matrix values;  // values (T x d)
};

struct NextToken
{
    std::int64_t id = 0;
    float prob = 0; // softmax of the last token's logits
};

// A GPT-2 forward (llm.c's ActivationTensors, reduced to what the views need).
struct Gpt2Trace
{
    std::shared_ptr<const TransformerModel> model;
    std::vector<std::int64_t> tokenIds;
    std::vector<Gpt2LayerTrace> layers;
    // x (T x d): the residual stream after the last block, before LN_f. Kept so that a
    // forward of these ids with tokens taken off the end (a word deleted) needs no block at
    // all: logits = LN_f(residual row T-1) · wteᵀ.
    Matrix residual;
    // How many leading rows this forward copied from the previous one instead of computing
    // them (gpt2Forward with `previous`): 0 for a forward from scratch.
    Eigen::Index reusedRows = 0;
    RowVector lastLogits; // logits (vocab): LN_f(x_last) · wteᵀ
    std::vector<NextToken>
        nextTokens; // the 10 most probable after the last token, most probable first

    int headCount() const;
    int headDim() const;
    Eigen::Index tokenCount() const { return Eigen::Index(tokenIds.size()); }
    // The `count` most probable next tokens of softmax(lastLogits / temperature) (temperature
    // > 0), most probable first: the same tokens as nextTokens at any temperature, their
    // probabilities sharper below 1 and flatter above.
    std::vector<NextToken> nextTokensAt(float temperature, int count = 10) const;
    // One head's slices (T x hd), copied out of the layer's (T x d).
    Matrix headQueries(int layer, int head) const;
    Matrix headKeys(int layer, int head) const;
    Matrix headValues(int layer, int head) const;
};

} // namespace ae
