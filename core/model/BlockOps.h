#pragma once

#include "Matrix.h"
#include "ModelTrace.h"
#include "Rope.h"

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
// fixed column blocks above; from BlasMinWork multiply-adds on, OpenBLAS's tiles when built
// with it, MatMul.h), or for many stacked rows the fast path (MatMul.h) at any size. Both
// give every cell the same bits whatever the number of threads; a row's bits may depend on how
// many rows were computed with it (a prefix-reusing forward agrees with one from scratch
// within float32 rounding, tests/core/tst_gpt2prefix).
enum class BlockProducts
{
    Linear,
    Stacked
};

// y (R x out) = x (R x in) · W (in x out) [+ b]; an empty bias is none.
Matrix conv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
              BlockProducts products = BlockProducts::Linear);
// The same into `y` (R x out, sized by the caller; a block of a larger matrix): the same bits.
void conv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
            BlockProducts products, Eigen::Ref<Matrix> y);
// y += x · W [+ b], the residual stream's update: on the fast path the tiles add to y in
// their own pass (ProductWrite::Add: the bias, then the product), with no product written
// apart; a row's bits may differ from y + conv1d(...) within float32 rounding.
void addConv1d(const Eigen::Ref<const Matrix>& x, const TensorRef& weight, const TensorRef& bias,
               BlockProducts products, Eigen::Ref<Matrix> y);

// The model's norm of rows with the canonical tensors: LayerNorm (LayerNorm.h) or RMSNorm
// (RmsNorm.h, the bias empty), as TransformerConfig::norm says. `out` may be x itself.
void normRows(const TransformerConfig& config, const Eigen::Ref<const Matrix>& x,
              const TensorRef& weight, const TensorRef& bias, Eigen::Ref<Matrix> out);
Matrix normRows(const TransformerConfig& config, const Eigen::Ref<const Matrix>& x,
                const TensorRef& weight, const TensorRef& bias);

// A block's queries, keys and values for rows at positions first … first + R − 1:
//   qkv (R x (qd + 2·kvd)) = normed (R x d) · W_attn [+ b], queries | keys | values;
//   with q/k norms (Qwen 3) each query and key head's hd columns RMSNorm-ed in place.
// rotateQueriesKeys() then turns the queries' and keys' columns by RoPE (positions `first` on),
// as they enter the scores; models without rotary positions leave them as they are.
Matrix blockQkv(const TransformerConfig& config, const TransformerLayerParams& layer,
                const Eigen::Ref<const Matrix>& normed,
                BlockProducts products = BlockProducts::Linear);
void rotateQueriesKeys(const TransformerConfig& config, const RopeRotation& rotation,
                       Eigen::Index first, Eigen::Ref<Matrix> qkv);
// The rotation of positions 0 … positions − 1 for the model's heads (its frequencies, Llama 3
// scaling applied); empty without rotary positions.
RopeRotation modelRotation(const TransformerConfig& config, Eigen::Index positions);

// x (R x d) += the feed-forward of norm2(x): GELU_tanh(·W_fc + b) (R x f) · W_fcproj + b, or
// SwiGLU's down(silu(·W_gate) · (·W_up)); nothing for an attention-only block.
void addFeedForward(const TransformerConfig& config, const TransformerLayerParams& layer,
                    Eigen::Ref<Matrix> x, BlockProducts products = BlockProducts::Linear);

// out = a + b (R x d, all three the same shape; out may be a or b), the rows on every core
// from 64 on: a residual stream's update written straight into the next layer's stream.
void addRows(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
             Eigen::Ref<Matrix> out);

// logits (R x V) = norm_f(x) (R x d) · outHeadᵀ (outHead V x d): blocks of LogitRows
// rows of the head on every core (one product streams V·d floats); each cell is one row's dot
// product, whose bits do not depend on the block (blocks a multiple of Eigen's 8-row groups).
Matrix finalLogits(const TransformerModel& model, const Eigen::Ref<const Matrix>& x);

// Vocabulary entries [first, first + out.cols()) of the stacked products' logits, on this
// thread alone (one tile of the fast path): out (R x n) =
// normed (R x d, rows already through norm_f) · outHead rows [first, first + n)ᵀ. A
// half-precision head is widened into `widened` (resized when too small).
void headSliceLogits(const TransformerModel& model, const Eigen::Ref<const Matrix>& normed,
                     Eigen::Index first, Eigen::Ref<Matrix> out, Matrix& widened);

// The `count` most probable entries of softmax(logits / temperature) (temperature > 0), most
// probable first, ties by the lower id; probabilities summed in double.
std::vector<NextToken> topNextTokens(const Eigen::Ref<const RowVector>& logits, int count,
                                     float temperature = 1);

} // namespace ae
