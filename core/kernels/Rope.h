#pragma once

#include "Matrix.h"

namespace ae {

// Which dimensions rotate together.
//  Half: (i, i + h/2), Hugging Face's Llama and GPT-NeoX (rotate_half);
//  Interleaved: (2i, 2i + 1), Meta's original Llama and GPT-J (complex multiplication).
// Pair i turns by position·inv_freq[i] either way.
enum class RopeStyle
{
    Half,
    Interleaved
};

// inv_freq = 1 / theta ** (arange(0, h, 2).float() / h), in float32 as PyTorch computes it:
// the exponent 2i/h divided in float, powf, then the reciprocal. h/2 entries.
RowVector ropeInverseFrequencies(int headDim, double theta);

// Llama 3's scaling of the frequencies (rope_scaling {"rope_type": "llama3"}), as
// `transformers`' _compute_llama3_parameters computes it in float32: wavelengths 2π/inv_freq
// shorter than original/high_freq_factor are kept, longer than original/low_freq_factor
// divided by `factor`, and those between interpolated smoothly.
struct RopeLlama3Scaling
{
    double factor = 8;
    double lowFreqFactor = 1;
    double highFreqFactor = 4;
    double originalMaxPositions = 8192;
};
RowVector ropeLlama3InverseFrequencies(const RowVector& inverse, const RopeLlama3Scaling& scaling);

// The rotation angles, float(position) · inv_freq[i]: (positions, h/2).
Matrix ropeAngles(Eigen::Index positions, int headDim, double theta);

// The cos and sin of every angle (float32 cosf/sinf of ropeAngles()), computed once for all
// the heads of a forward: (positions, h/2) each.
struct RopeRotation
{
    RopeStyle style = RopeStyle::Half;
    Matrix cos, sin;
};
RopeRotation ropeRotation(Eigen::Index positions, int headDim, RopeStyle style, double theta);
// The same for frequencies given (scaled ones): (positions, inverse.size()) each.
RopeRotation ropeRotation(Eigen::Index positions, const RowVector& inverse, RopeStyle style);

// Rotary position embeddings of one head's rows at positions first … first + T − 1.
// x (T, h), h even, rotation of at least first + T positions -> (T, h)
// Each pair (a, b) of row m becomes (a·cos − b·sin, b·cos + a·sin) at angle m·inv_freq[i], the
// products rounded before the sum: PyTorch's x·cos + rotate_half(x)·sin, or the complex
// product of the interleaved form.
Matrix applyRope(const Eigen::Ref<const Matrix>& x, const RopeRotation& rotation,
                 Eigen::Index first = 0);
// The same into `out` (T, h), sized by the caller (not x itself).
void applyRopeInto(const Eigen::Ref<const Matrix>& x, const RopeRotation& rotation,
                   Eigen::Ref<Matrix> out, Eigen::Index first = 0);

} // namespace ae
