#pragma once

#include "Matrix.h"

#include <vector>

namespace ae {

// A read-only float32 tensor that lives elsewhere (the memory-mapped checkpoint, or a
// widened copy the model owns): rows x cols, row-major; a vector is 1 x n.
struct TensorRef
{
    const float* data = nullptr;
    Eigen::Index rows = 0;
    Eigen::Index cols = 0;

    Eigen::Map<const Matrix> matrix() const { return {data, rows, cols}; }
    Eigen::Map<const RowVector> vector() const { return {data, cols}; }
};

// One transformer block's parameters as Hugging Face stores them (Conv1D weights are
// (in, out): y = x · W + b). d = n_embd.
struct Gpt2LayerParams
{
    TensorRef ln1Weight, ln1Bias;           // ln_1 (d)
    TensorRef attnWeight, attnBias;         // attn.c_attn (d x 3d), (3d): queries | keys | values
    TensorRef attnProjWeight, attnProjBias; // attn.c_proj (d x d), (d)
    TensorRef ln2Weight, ln2Bias;           // ln_2 (d)
    TensorRef fcWeight, fcBias;             // mlp.c_fc (d x 4d), (4d)
    TensorRef fcProjWeight, fcProjBias;     // mlp.c_proj (4d x d), (d)
};

// llm.c's ParameterTensors: every weight of the model, located once at load time.
struct Gpt2Params
{
    TensorRef wte; // wte (vocab x d): token embeddings, also the output head (tied)
    TensorRef wpe; // wpe (n_ctx x d): position embeddings
    std::vector<Gpt2LayerParams> layers;
    TensorRef lnfWeight, lnfBias; // ln_f (d)
};

} // namespace ae
