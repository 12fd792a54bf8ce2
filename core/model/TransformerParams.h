#pragma once

#include "Matrix.h"

#include <vector>

namespace ae {

// A read-only float32 tensor that lives elsewhere (the memory-mapped checkpoint, or a
// converted copy the model owns): rows x cols, row-major; a vector is 1 x n. A tensor a
// family does not have (a bias of a model without biases, the feed-forward of an
// attention-only model) is empty: data null, 0 x 0.
struct TensorRef
{
    const float* data = nullptr;
    Eigen::Index rows = 0;
    Eigen::Index cols = 0;

    bool empty() const { return data == nullptr; }
    Eigen::Map<const Matrix> matrix() const { return {data, rows, cols}; }
    Eigen::Map<const RowVector> vector() const { return {data, cols}; }
};

// One block's parameters in the canonical layout every family is converted into (the
// layout of Hugging Face's GPT-2: products are x · W + b with W stored (in, out)).
// d = n_embd, qd = n_head · head_dim (= d but for Qwen 3), kvd = n_kv_head · head_dim (= d
// without grouped heads), f = the feed-forward's width (4d for GPT-2). Norms without bias
// (RMSNorm) leave it empty.
struct TransformerLayerParams
{
    TensorRef ln1Weight, ln1Bias;   // before attention (d), (d)
    TensorRef attnWeight, attnBias; // (d x (qd + 2·kvd)), queries | keys | values; bias optional
    TensorRef qNormWeight, kNormWeight;     // (hd) each: Qwen 3's per-head RMSNorm, else empty
    TensorRef attnProjWeight, attnProjBias; // (qd x d), (d): bias optional
    TensorRef ln2Weight, ln2Bias;           // before the feed-forward (d); empty without it
    TensorRef fcGateWeight;                 // SwiGLU's gate (d x f); empty for GELU
    TensorRef fcWeight, fcBias;             // (d x f), (f): GELU's input, SwiGLU's up
    TensorRef fcProjWeight, fcProjBias;     // (f x d), (d); empty without feed-forward
};

// llm.c's ParameterTensors: every weight of the model, located once at load time.
struct TransformerParams
{
    TensorRef wte; // token embeddings (vocab x d)
    TensorRef wpe; // learned position embeddings (n_ctx x d); empty with rotary positions
    std::vector<TransformerLayerParams> layers;
    TensorRef lnfWeight, lnfBias; // final LayerNorm or RMSNorm (d)
    TensorRef outHead;            // (vocab x d): logits = x · outHeadᵀ; wte itself when tied
};

} // namespace ae
