#pragma once

#include "Matrix.h"
#include "Session.h"
#include "TorchGenerator.h"

namespace ae {

// The attention module's parameters in x @ W orientation, heads side by side: head h
// owns columns [h*headDimKq, (h+1)*headDimKq) of wQuery and [h*headDimV, ...) of the
// context; key/value head g owns the same columns of wKey/wValue (g = h without grouping).
// The wrapper's independent heads and the efficient class's one big projection are the same
// matrices; only the order in which they were drawn differs. With num_kv_heads (grouped-query
// attention) wKey and wValue are d_in x (numKvHeads * headDim): drawn in the same order, only
// their shapes change.
struct AttentionParams
{
    int numHeads = 1;
    int numKvHeads = 1;
    int headDimKq = 0;
    int headDimV = 0;
    Matrix wQuery, wKey, wValue;    // d_in x (heads * headDim); keys, values: kv heads
    RowVector bQuery, bKey, bValue; // empty without qkv_bias
    // The same three side by side, W_query | W_key | W_value (d_in x (q + k + v)), and their
    // biases likewise: self-attention projects x through them in one product, whose wider
    // tiles run nearer the machine's GEMM rate than three (Forward.h: project()). Filled by
    // initAttentionParams(); empty elsewhere (a model's layer, whose forward has its own).
    Matrix wQkv;
    RowVector bQkv;
    Matrix outProjWeight; // multihead only (d_out x d_out)
    RowVector outProjBias;
    TorchGenerator streamAfter; // the generator after the last draw: dropout continues it
};

// torch.manual_seed(session.weightSeed), then the module's constructor (spec §3).
AttentionParams initAttentionParams(const Session& session);

} // namespace ae
