#pragma once

#include "Matrix.h"

#include <cstdint>
#include <vector>

namespace ae {

// A read-only tensor that lives elsewhere (the memory-mapped checkpoint, or a converted copy
// the model owns): rows x cols, row-major; a vector is 1 x n. Float32 (`data`), or for a
// model that keeps its file's half-precision embedding, F16/BF16 bits (`half`, `bf16`) whose
// rows are widened as they are read (row(), rowsInto()). A tensor a family does not have (a
// bias of a model without biases, the feed-forward of an attention-only model) is empty:
// both null, 0 x 0.
struct TensorRef
{
    const float* data = nullptr;
    Eigen::Index rows = 0;
    Eigen::Index cols = 0;
    const std::uint16_t* half = nullptr; // F16 or BF16 bits when data is null
    bool bf16 = false;
    // A weight stored as nn.Linear keeps it, (cols x rows) in memory: products use it
    // transposed (BlockOps' conv1d). matrix() then gives the stored (cols x rows) matrix.
    bool transposed = false;

    bool empty() const { return data == nullptr && half == nullptr; }
    // Float32 tensors only (every weight but a half-precision embedding or output head).
    Eigen::Map<const Matrix> matrix() const
    {
        return transposed ? Eigen::Map<const Matrix>(data, cols, rows)
                          : Eigen::Map<const Matrix>(data, rows, cols);
    }
    Eigen::Map<const RowVector> vector() const { return {data, cols}; }
    // Row r as float32, whatever the storage.
    RowVector row(Eigen::Index r) const;
    // Rows [first, first + out.rows()) as float32 into out (out.rows() x cols).
    void rowsInto(Eigen::Index first, Eigen::Ref<Matrix> out) const;
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
    // Or, where the file keeps them apart (Llama's family), the three projections read in place:
    // (d x qd), (d x kvd), (d x kvd), attnWeight empty; attnBias as above.
    TensorRef queryWeight, keyWeight, valueWeight;
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
