#pragma once

#include "Matrix.h"
#include "ParameterLayout.h"
#include "TrainingData.h"

#include <vector>

namespace ae {

class TorchGenerator;

// What the backward needs of one block's forward (N = B·T rows, d, H heads, T tokens).
// Dropout masks hold each cell's factor (0, or 1 / (1 − p) as torch's noise after div_);
// empty without dropout.
struct BlockActivations
{
    Matrix ln1Hat, ln1Out;       // (N x d): (x − mean) / √(var + eps), then scale·hat + shift
    std::vector<float> ln1Rstd;  // (N)
    Matrix qkv;                  // (N x 3d): queries | keys | values
    std::vector<float> attn;     // (B, H, T, T): softmax weights
    std::vector<float> attnMask; // (B, H, T, T): attention dropout
    std::vector<float> attnDropped; // attn ⊙ attnMask (what multiplies the values)
    Matrix context;                 // (N x d): heads side by side
    std::vector<float> attMask;     // (N x d): drop_shortcut after attention
    Matrix ln2Hat, ln2Out;          // (N x d), with mlp
    std::vector<float> ln2Rstd;
    Matrix fcPre, fcAct;       // (N x 4d): before and after GELU
    std::vector<float> ffMask; // (N x d): drop_shortcut after the feed-forward
};

struct Activations
{
    int batch = 0, tokens = 0;
    std::vector<std::int64_t> inputs, targets;
    std::vector<float> embMask; // (N x d): drop_emb
    std::vector<BlockActivations> blocks;
    Matrix lnfHat, lnfOut; // (N x d)
    std::vector<float> lnfRstd;
    Matrix probs; // (N x V): softmax of the logits (the backward turns it into dlogits)
    float loss = 0;
};

// The book's GPTModel forward on a batch (shared/spec/training.md §3), float32, with every
// activation the backward needs kept in `acts`. `dropout`: the train-mode generator (torch's
// default one, continuing after the initialisation) when drop_rate > 0, drawing each
// dropout's mask over its whole tensor in forward order (drop_emb, per block the attention
// weights, drop_shortcut after attention, after the feed-forward); null: eval mode.
// Returns the mean cross-entropy over the B·T positions (F.cross_entropy).
float forwardBatch(const ParameterLayout& layout, const float* params, const TokenBatch& batch,
                   double dropRate, TorchGenerator* dropout, Activations& acts);

// The gradient of forwardBatch's loss with respect to every parameter, written (not added)
// into `grads` (layout.total floats). `acts` is consumed (probs become dlogits).
void backwardBatch(const ParameterLayout& layout, const float* params, Activations& acts,
                   float* grads);

namespace train {

// The book's LayerNorm (eps 1e-5, biased variance) over rows of x (rows x d): hat, rstd and
// out = scale·hat + shift.
void layerNormForward(const Matrix& x, const float* scale, const float* shift, Matrix& hat,
                      std::vector<float>& rstd, Matrix& out);
// Its backward: dscale, dshift accumulated; dx += the input's gradient.
void layerNormBackward(const Matrix& dout, const Matrix& hat, const std::vector<float>& rstd,
                       const float* scale, float* dscale, float* dshift, Matrix& dx);

} // namespace train
} // namespace ae
