#pragma once

#include "Matrix.h"
#include "ModelTrace.h"

#include <vector>

namespace ae {

class TransformerModel;
struct TransformerConfig;
struct TensorRef;
struct TransformerLayerParams;

// The pieces of a block that every forward of a model shares (the traced forward,
// TransformerForward.h; the analyses' untraced ones: ablation's stacked sequences,
// generation's one row at a time), so that each computes them alike. d = n_embd, R = rows.

// Which products a block runs: the traced forward's (Linear.h: GEMV up to 3 rows, Eigen's
// fixed column blocks above), or for many stacked rows the kernels' fast path (MatMul.h:
// OpenBLAS from its threshold on, when built with it).
enum class BlockProducts
{
    Linear,
    Stacked
};

// y (R x out) = x (R x in) · W (in x out) [+ b]; an empty bias is none.
Matrix conv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
              BlockProducts products = BlockProducts::Linear);

// LayerNorm of rows with the canonical tensors (LayerNorm.h).
Matrix layerNormRows(const Eigen::Ref<const Matrix>& x, const TensorRef& weight,
                     const TensorRef& bias, float eps);

// x (R x d) += GELU_tanh(LN2(x)·W_fc + b) (R x 4d) · W_fcproj + b; nothing for an
// attention-only block.
void addFeedForward(const TransformerConfig& config, const TransformerLayerParams& layer, Matrix& x,
                    BlockProducts products = BlockProducts::Linear);

// logits (R x V) = LN_f(x) (R x d) · outHeadᵀ (outHead V x d). Linear: blocks of LogitRows
// rows of the head on every core (one product streams V·d floats); each cell is one row's dot
// product, whose bits do not depend on the block (blocks a multiple of Eigen's 8-row groups).
Matrix finalLogits(const TransformerModel& model, const Eigen::Ref<const Matrix>& x,
                   BlockProducts products = BlockProducts::Linear);

// The `count` most probable entries of softmax(logits / temperature) (temperature > 0), most
// probable first, ties by the lower id; probabilities summed in double.
std::vector<NextToken> topNextTokens(const Eigen::Ref<const RowVector>& logits, int count,
                                     float temperature = 1);

} // namespace ae
